# tmcp 1.20.0, cancellation: the task is to speak 2025-11-25; initialize asking for 2025-11-25 is answered with another revision.
source "$(dirname "$0")/../../lib.sh"
init 2025-11-25
