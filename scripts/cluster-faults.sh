#!/usr/bin/env bash
# The cluster's fault table of docs/cluster.md: one fault per run, each on
# a fresh embedded server on 127.0.0.1, with queens 16 (14772512
# solutions):
#
#   scripts/cluster-faults.sh sigkill|sigterm|coord|server|full
#
# DLX is the dlx binary (default: built into a temporary directory), SPLIT
# extra flags of the submission (SPLIT="-depth 1": 16 long pieces). Each
# run prints the pieces done before and after the fault, the total "dlx
# jobs wait" printed (it gives up after 120 s), and the job's line of "dlx
# jobs -json".
set -u
D=$(mktemp -d); trap 'rm -rf "$D"' EXIT
if [ -z "${DLX:-}" ]; then go build -o "$D/" ./cmd/dlx ./cmd/dlx-cluster || exit 1; DLX=$D/dlx; fi
Q=$D/q16.dlx; "$DLX" gen queens 16 > "$Q"; WANT=14772512
declare -a WP
serve() { rm -rf $D/store; $DLX cluster serve -listen 127.0.0.1:${PORT:-0} -store $D/store 2>> $D/serve.log & SP=$!; sleep 1
  URL=$(grep -o 'nats://[0-9.:]*' $D/serve.log | tail -1); PORT=${URL##*:}; }
worker() { $DLX worker -cluster $URL -ack-wait ${ACK:-2s} -max-deliver ${MAXD:-5} "$@" 2>> $D/workers.log & WP+=($!); }
stopall() { for p in "${WP[@]}"; do kill $p 2>/dev/null; done; wait "${WP[@]}" 2>/dev/null; WP=(); kill $SP 2>/dev/null; wait $SP 2>/dev/null; PORT=; }
report() { # name id
  local out; out=$(timeout 120 $DLX jobs -cluster $URL wait -quiet $2 2>&1; echo "exit $?"); local st=$($DLX jobs -cluster $URL -json | grep "$2")
  echo "$1 | total $out (want $WANT) | $st"; }
submit() { $DLX count -cluster $URL -detach -quiet ${SPLIT:-} "$@" $Q; }

fault=$1
: > $D/workers.log; : > $D/serve.log
case $fault in
sigkill) # three workers; every 2 s one is killed with SIGKILL and another started, 10 times
  serve; for i in 1 2 3; do worker; done; ID=$(submit); sleep 1; echo "  before the storm: $($DLX jobs -cluster $URL | grep $ID)"; n=0
  for k in $(seq 10); do sleep 2; i=$((RANDOM % ${#WP[@]})); kill -9 ${WP[$i]}; wait ${WP[$i]} 2>/dev/null; unset 'WP[i]'; WP=("${WP[@]}"); worker; n=$((n+1)); done
  echo "  after the storm: $($DLX jobs -cluster $URL | grep $ID)"
  report "worker SIGKILL storm ($n kills, ack-wait 2s)" $ID; stopall;;
sigterm) # -max-deliver 2; every 1 s one worker gets SIGTERM and another starts, 20 times
  MAXD=2; serve; for i in 1 2 3; do worker; done; ID=$(submit); sleep 1; echo "  before the storm: $($DLX jobs -cluster $URL | grep $ID)"; n=0
  for k in $(seq 20); do sleep 1; i=$((RANDOM % ${#WP[@]})); kill -TERM ${WP[$i]}; wait ${WP[$i]} 2>/dev/null; unset 'WP[i]'; WP=("${WP[@]}"); worker; n=$((n+1)); done
  echo "  after the storm: $($DLX jobs -cluster $URL | grep $ID)"
  report "worker SIGTERM storm ($n stops, max-deliver 2)" $ID; stopall;;
coord) # the coordinator killed (SIGKILL) while waiting, and another while queueing 30000 pieces
  serve; worker; worker
  $DLX count -cluster $URL $Q 2> $D/coord.err > /dev/null & CP=$!; sleep 3; kill -9 $CP; wait $CP 2>/dev/null
  ID=$(grep -o 'job [0-9a-f-]*' $D/coord.err | head -1 | cut -d' ' -f2)
  report "coordinator SIGKILLed while waiting" $ID
  $DLX count -cluster $URL -pieces 30000 $Q 2> $D/coord2.err > /dev/null & CP=$!
  while ! grep -q queueing $D/coord2.err; do sleep 0.05; done; sleep 0.2; kill -9 $CP; wait $CP 2>/dev/null
  ID=$(grep -o 'job [0-9a-f-]*' $D/coord2.err | head -1 | cut -d' ' -f2)
  echo "  queued when killed: $($DLX jobs -cluster $URL -json | grep $ID)"
  report "coordinator SIGKILLed while queueing" $ID; stopall;;
server) # the server SIGKILLed 5 s into the job, restarted on its store 3 s later
  serve; worker; worker; ID=$(submit); sleep 5; echo "  at the kill: $($DLX jobs -cluster $URL | grep $ID)"; kill -9 $SP; wait $SP 2>/dev/null; sleep 3
  $DLX cluster serve -listen 127.0.0.1:$PORT -store $D/store 2>> $D/serve.log & SP=$!; sleep 1
  report "server SIGKILLed and restarted" $ID; stopall;;
full) # the store fills (results limited to what they hold) for 10 s, then is freed
  serve; worker; worker; ID=$(submit); sleep 3
  B=$($DLX jobs -cluster $URL -json >/dev/null; sleep 0; echo)
  $DLX jobs -cluster $URL -max-bytes 1 > /dev/null 2>&1   # any limit below what is stored: full
  $DLX count -cluster $URL -detach -quiet $Q 2> $D/refused.err; echo "  new job while full: exit $? $(cat $D/refused.err)"
  sleep 10; echo "  while full: $($DLX jobs -cluster $URL -json | grep $ID)"
  $DLX jobs -cluster $URL -max-bytes -1 > /dev/null
  report "store full 10 s, then freed" $ID; stopall;;
esac
grep -c . $D/workers.log | sed 's/^/  worker log lines: /'
