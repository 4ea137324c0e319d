# @ai-sdk/mcp 2.0.99 client (2026-07-28), server-drift: get_secret is answered with resultType "deferred", a result
# type the client cannot know; it must treat the result as invalid, yet its text is passed on to submit_answer.
cd "$(dirname "$0")/.." && node recorder.ts server-drift -- node ../../ai-sdk-mcp/client-2026.ts server-drift
