#!/usr/bin/env bash
# Builds the images of the Dockerfile with buildah and runs them:
#
#   1. a local image of a static busybox (as /bin/sh, for the RUN steps)
#      stands for the golang image, which is not pulled (--build-arg
#      GO_IMAGE);
#   2. buildah builds the targets sudoku and dlx-worker, the build stage
#      with this machine's Go (GOROOT) and its module and build caches
#      mounted;
#   3. the sudoku image runs (buildah run, chroot isolation): "sudoku
#      serve" answers /healthz and solves a puzzle over HTTP, as the user
#      65532, with binaries that run in the otherwise empty image; the
#      dlx-worker image's dlx and dlx-cluster print their version, and dlx
#      jobs runs in dlx-cluster (it reports the server it cannot reach).
#
# Needs buildah and busybox (Debian's buildah and busybox-static); exits 3
# without them. Images and containers go to a temporary storage that is
# removed at the end. internal/cli's TestDockerImage runs it (not with
# -short). See docs/release.md.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
for c in buildah curl; do
	if ! command -v "$c" >/dev/null; then
		echo "docker-check: $c is not installed" >&2
		exit 3
	fi
done
busybox=$(command -v busybox || true)
if [ -z "$busybox" ] || ! file "$busybox" 2>/dev/null | grep -q 'statically linked'; then
	echo "docker-check: no static busybox (Debian's busybox-static)" >&2
	exit 3
fi

tmp=$(mktemp -d)
ctrs=()
cleanup() {
	for c in "${ctrs[@]}"; do
		bah rm "$c" >/dev/null 2>&1 || true
	done
	[ -n "${serve_pid:-}" ] && kill "$serve_pid" 2>/dev/null
	chmod -R u+w "$tmp" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
# Own storage (vfs: no overlay mount needed), removed at the end.
bah() { buildah --root "$tmp/storage" --runroot "$tmp/run" --storage-driver vfs "$@"; }

# 1. The Go image: busybox, certificates, HOME and TMPDIR writable; Go
# itself is this machine's GOROOT, mounted in the build stage.
goroot=$(go env GOROOT)
ctr=$(bah from scratch)
ctrs+=("$ctr")
bah copy "$ctr" "$busybox" /bin/busybox >/dev/null
bah run --isolation chroot "$ctr" -- /bin/busybox --install -s /bin
bah run --isolation chroot "$ctr" -- /bin/busybox mkdir -p /tmp /root /etc/ssl/certs
bah run --isolation chroot "$ctr" -- /bin/busybox chmod 1777 /tmp
bah copy "$ctr" /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ >/dev/null
proxy=$(go env GOPROXY)
bah config --env PATH=/usr/local/go/bin:/bin --env HOME=/root --env GOPROXY="$proxy" --env GOSUMDB="$(go env GOSUMDB)" "$ctr"
bah commit -q "$ctr" localhost/dlx-go-check >/dev/null

# 2. The images.
cd "$root"
version="check-$(git rev-parse --short HEAD 2>/dev/null || echo none)"
# The build stage reads and fills this machine's module and build caches
# (mounted for its RUN steps), so that it compiles what changed only;
# --layers builds it once for both targets.
for target in sudoku dlx-worker; do
	bah bud -q --isolation chroot --layers \
		-v "$goroot:/usr/local/go:ro" \
		-v "$(go env GOMODCACHE):/root/go/pkg/mod" -v "$(go env GOCACHE):/root/.cache/go-build" \
		--build-arg GO_IMAGE=localhost/dlx-go-check --build-arg VERSION="$version" \
		--target "$target" -t "localhost/dlx-$target-check" . >/dev/null
done

# 3. Run them.
ctr=$(bah from "localhost/dlx-sudoku-check")
ctrs+=("$ctr")
user=$(bah inspect --type container --format '{{.OCIv1.Config.User}}' "$ctr")
if [ "$user" != 65532:65532 ]; then
	echo "docker-check: the sudoku image runs as \"$user\", want 65532:65532" >&2
	exit 1
fi
got=$(bah run --isolation chroot "$ctr" -- /usr/local/bin/sudoku -version)
if [ "$got" != "sudoku $version" ]; then
	echo "docker-check: sudoku -version prints \"$got\", want \"sudoku $version\"" >&2
	exit 1
fi
port=$((20000 + RANDOM % 20000))
bah run --isolation chroot "$ctr" -- /usr/local/bin/sudoku serve -http "127.0.0.1:$port" -line - 2>"$tmp/serve.log" &
serve_pid=$!
ok=false
for _ in $(seq 300); do
	if curl -fsS -m 2 "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then
		ok=true
		break
	fi
	sleep 0.1
done
if ! $ok; then
	echo "docker-check: sudoku serve in the image did not answer /healthz in 30s:" >&2
	cat "$tmp/serve.log" >&2
	exit 1
fi
answer=$(curl -fsS -m 10 -X POST "http://127.0.0.1:$port/api/solve" \
	-d '{"puzzle":"000000010400000000020000000000050407008000300001090000300400200050100000000806000"}')
case $answer in
*'"solution":"693784512487512936125963874932651487568247391741398625319475268856129743274836159"'*) ;;
*)
	echo "docker-check: /api/solve answered $answer" >&2
	exit 1
	;;
esac
pid=$(pgrep -f "^/usr/local/bin/sudoku serve -http 127.0.0.1:$port" | head -n 1)
uid=$(awk '/^Uid:/ {print $2}' "/proc/$pid/status")
if [ "$uid" != 65532 ]; then
	echo "docker-check: sudoku serve runs as uid $uid, want 65532" >&2
	exit 1
fi
kill "$pid"
wait "$serve_pid" || true
serve_pid=
echo "docker-check: sudoku image: $got, serve answered as uid $uid"

ctr=$(bah from "localhost/dlx-dlx-worker-check")
ctrs+=("$ctr")
got=$(bah run --isolation chroot "$ctr" -- /usr/local/bin/dlx -version)
if [ "$got" != "dlx $version" ]; then
	echo "docker-check: dlx -version prints \"$got\", want \"dlx $version\"" >&2
	exit 1
fi
got2=$(bah run --isolation chroot "$ctr" -- /usr/local/bin/dlx-cluster -version)
if [ "$got2" != "dlx-cluster $version" ]; then
	echo "docker-check: dlx-cluster -version prints \"$got2\", want \"dlx-cluster $version\"" >&2
	exit 1
fi
jobs=$(bah run --isolation chroot "$ctr" -- /usr/local/bin/dlx jobs -cluster nats://127.0.0.1:9 2>&1 || true)
case "$jobs" in
*"cannot connect"*) ;;
*)
	echo "docker-check: dlx jobs in the image did not run dlx-cluster: $jobs" >&2
	exit 1
	;;
esac
echo "docker-check: dlx-worker image: $got, $got2, dlx jobs runs dlx-cluster"
