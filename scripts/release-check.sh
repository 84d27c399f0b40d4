#!/usr/bin/env bash
# Checks the release configuration, .goreleaser.yaml, with goreleaser
# itself (from the Go module proxy, at the version below):
#
#   1. goreleaser check: the configuration is valid;
#   2. a snapshot build of the three commands for this machine's target, of the
#      working tree, into a temporary directory, and their -version, which
#      must print the snapshot version, the commit (HEAD) and the commit's
#      date that the build stamps.
#
# With --all, the whole release instead of one target: linux, darwin and
# windows on amd64 and arm64, the archives and checksums.txt, checked with
# sha256sum -c.
#
# internal/cli's TestRelease runs it (not with -short). The first run
# builds goreleaser (minutes); later ones take seconds. See docs/release.md.
set -euo pipefail

GORELEASER=github.com/goreleaser/goreleaser/v2@v2.15.1
root=$(cd "$(dirname "$0")/.." && pwd)
all=false
case "${1:-}" in
--all) all=true ;;
"") ;;
*)
	echo "usage: $0 [--all]" >&2
	exit 2
	;;
esac

goreleaser() { go run "$GORELEASER" "$@"; }

cd "$root"
goreleaser check

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The output goes to $tmp/dist, not dist/ in the tree.
{
	cat .goreleaser.yaml
	echo
	echo "dist: $tmp/dist"
} >"$tmp/goreleaser.yaml"
# goreleaser reads the commit and its date from git only when the
# repository has a remote: a checkout without one gets a remote for
# goreleaser's git commands alone (from the environment; nothing is
# written to the repository's configuration, and the remote is not
# contacted).
if [ -z "$(git remote)" ]; then
	export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.url GIT_CONFIG_VALUE_0=https://github.com/dlxkit/dlx.git
fi

if $all; then
	goreleaser release -f "$tmp/goreleaser.yaml" --snapshot --clean --skip=publish
	(cd "$tmp/dist" && sha256sum -c --quiet checksums.txt)
	for os in linux darwin windows; do
		for arch in amd64 arm64; do
			ls "$tmp"/dist/dlx_*_"${os}_${arch}".* >/dev/null
		done
	done
else
	goreleaser build -f "$tmp/goreleaser.yaml" --snapshot --clean --single-target
fi

# The version goreleaser gave the snapshot, from its metadata.
version=$(sed -n 's/.*"version":"\([^"]*\)".*/\1/p' "$tmp/dist/metadata.json")
head=$(git rev-parse HEAD)
date=$(TZ=UTC git show -s --date=format-local:%Y-%m-%dT%H:%M:%SZ --format=%cd HEAD)
status=0
for cmd in dlx sudoku dlx-cluster; do
	bin=$(ls "$tmp"/dist/"${cmd}"_"$(go env GOOS)"_"$(go env GOARCH)"*/"$cmd"* | head -n 1)
	got=$("$bin" -version)
	want="$cmd v$version (commit ${head:0:12}, $date)"
	if [ "$got" != "$want" ]; then
		echo "release-check: $bin -version prints \"$got\", want \"$want\"" >&2
		status=1
	else
		echo "release-check: $got"
	fi
done
exit $status
