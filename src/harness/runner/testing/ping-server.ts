// Test-only "oracle" server for runner tests: listens on 127.0.0.1:$PORT and answers POST /mcp with {"pong":true}.
// argv[2] = "broken" (a mutant) answers 500 instead. Never used outside tests.
import { createServer } from 'node:http';

const broken = process.argv[2] === 'broken';
createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(broken ? 500 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(broken ? { error: 'broken' } : { pong: true }));
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
