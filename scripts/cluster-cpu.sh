#!/usr/bin/env bash
# The CPU of a count on the cluster against dlx count -workers 2, as in
# docs/cluster.md: one embedded server, two dlx worker processes of one
# goroutine each, and for each run "dlx count -workers 2 FILE" then "dlx
# count -cluster URL -quiet -json $EXTRA FILE"; the workers' and the
# server's CPU from /proc/PID/stat before and after, the coordinator's and
# the local count's from /usr/bin/time. Linux only.
#
#   scripts/cluster-cpu.sh FILE [RUNS]      (EXTRA="-pieces 512" for the old split)
set -u
D=$(mktemp -d); trap 'rm -rf "$D"' EXIT
if [ -z "${DLX:-}" ]; then go build -o "$D/" ./cmd/dlx ./cmd/dlx-cluster || exit 1; DLX=$D/dlx; fi
F=$1; RUNS=${2:-3}
rm -rf $D/store; $DLX cluster serve -listen 127.0.0.1:0 -store $D/store 2> $D/serve.log & SP=$!
sleep 1; URL=$(grep -o 'nats://[0-9.:]*' $D/serve.log | head -1)
$DLX worker -cluster $URL -quiet 2>$D/w1.log & W1=$!
$DLX worker -cluster $URL -quiet 2>$D/w2.log & W2=$!
sleep 1
ticks() { local s=0; for p in "$@"; do read -a f < /proc/$p/stat; s=$((s + f[13] + f[14])); done; echo $s; }
for r in $(seq $RUNS); do
  L=$( { /usr/bin/time -f "%U %S" $DLX count -workers 2 $F > $D/local.out; } 2>&1 | tail -1)
  B=$(ticks $SP $W1 $W2); BS=$(ticks $SP)
  C=$( { /usr/bin/time -f "%U %S" $DLX count -cluster $URL -quiet -json ${EXTRA:-} $F > $D/cl.out; } 2>&1 | tail -1)
  sleep 0.5
  A=$(ticks $SP $W1 $W2)
  AS=$(ticks $SP)
  lc=$(echo $L | awk '{print $1+$2}'); cc=$(echo $C | awk '{print $1+$2}')
  echo "run $r local: $(cat $D/local.out) cpu $lc | cluster: $(cat $D/cl.out) coordinator $cc server $(echo "scale=2; ($AS-$BS)/100" | bc) workers $(echo "scale=2; ($A-$B-$AS+$BS)/100" | bc) ratio $(echo "scale=3; (($A-$B)/100+$cc)/$lc" | bc)"
done
kill $W1 $W2; wait $W1 $W2 2>/dev/null; kill $SP; wait $SP 2>/dev/null
