# @hono/mcp 0.3.5, tools-basics: the notifications/initialized POST is accepted with 202, but the body is not empty.
source "$(dirname "$0")/../../lib.sh"
init
initialized
