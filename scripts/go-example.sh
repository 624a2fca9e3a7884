#!/usr/bin/env bash
# go-example.sh: run README.md's "From Go" section as written, on a fresh
# module in a temporary folder, and check what it prints and what go doc
# shows of the generated package.
#
#   scripts/go-example.sh
#
# The section's ```sh blocks run in one bash, in order, with its ```go
# blocks written, where they stand, to the file the line before each names
# (`heat/gen.go`:), and /path/to/forocl replaced by this checkout (the
# replace of go.mod).
#
# Offline by default, since a CI machine may not reach the Go proxy:
# GOPROXY=off, and the new module's go.sum starts as this checkout's, whose
# dependencies the module cache already holds once this repository has
# built (go build ./... or go mod download here, online, once). Checksums
# are still verified against that go.sum. GO_EXAMPLE_ONLINE=1 uses the
# proxy and the checksum database instead, as a user's machine does.
# The program runs on $FOROCL_DEVICE (default pocl). Exit 0 when the
# section builds and runs as written, 1 otherwise.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/go-example.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export FOROCL_DEVICE=${FOROCL_DEVICE:-pocl}
if [[ -z ${GO_EXAMPLE_ONLINE:-} ]]; then
	export GOPROXY=off
	cp "$ROOT/go.sum" "$WORK/go.sum"
fi

# Split the section into $WORK/.steps.sh, its shell lines and, where a go
# block stands, a copy of that file from $WORK/.files, in the README's order.
mkdir "$WORK/.files"
awk -v work="$WORK" '
	/^## / { insec = ($0 == "## From Go"); next }
	!insec { next }
	/^```go$/ && !fence { fence = "go"; if (name == "") { print "a ```go block without a `path`: line before it" > "/dev/stderr"; exit 1 }
		out = work "/.files/" ++files; printf "" > out
		print "mkdir -p \"$(dirname " name ")\" && cp \"" out "\" " name "   # the README'"'"'s " name > (work "/.steps.sh"); next }
	/^```sh$/ && !fence { fence = "sh"; next }
	/^```$/ && fence { if (fence == "go") close(out); fence = ""; name = ""; next }
	fence == "go" { print > out; next }
	fence == "sh" { print > (work "/.steps.sh"); steps++; next }
	/^`[^`]+\.go`:$/ { name = substr($0, 2, length($0) - 3); next }
	NF { name = "" }
	END { if (files < 2 || steps < 3) { print "README.md From Go: " files+0 " go files, " steps+0 " shell lines" > "/dev/stderr"; exit 1 } }
' "$ROOT/README.md"
sed -i "s|/path/to/forocl|$ROOT|g" "$WORK/.steps.sh"

echo "== the README's Go section, in $WORK"
cat "$WORK/.steps.sh"
out=$(cd "$WORK" && bash -euo pipefail .steps.sh 2>&1) || { echo "$out"; echo "go-example: the README's Go section failed as written" >&2; exit 1; }
echo "$out"
grep -q '^middle: [0-9]' <<<"$out" || { echo "go-example: the program printed no 'middle: VALUE' line" >&2; exit 1; }

# What go doc shows of the generated package: its own comment first, no
# stray line of gen.go; no deprecated Release on a new type.
pkgdoc=$(cd "$WORK" && go doc ./heat)
step=$(cd "$WORK" && go doc ./heat Step)
sed -n 3p <<<"$pkgdoc" | grep -q '^Package heat launches OpenCL kernels' || { echo "$pkgdoc"; echo "go-example: go doc ./heat does not begin with the generated package comment" >&2; exit 1; }
if grep -q 'Release' <<<"$step"; then echo "$step"; echo "go-example: heat.Step has a Release method" >&2; exit 1; fi
echo "go-example: ok"
