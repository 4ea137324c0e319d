// Test-only "oracle" client for runner tests: POSTs "ping" then "bye" to $MCP_SERVER_URL and exits.
// argv[2] = "mute" (a mutant) skips the "bye". Never used outside tests.
const url = process.env.MCP_SERVER_URL!;
const mute = process.argv[2] === 'mute';
for (const word of mute ? ['ping'] : ['ping', 'bye']) {
  const r = await fetch(url, { method: 'POST', body: word, headers: { 'content-type': 'text/plain' } });
  await r.text();
}
