#!/usr/bin/env bash
# test.sh is the README's test command: set up the machine (gfortran, PoCL,
# OpenCL loader), then vet, check formatting and run every test, including
# the OpenCL builds and numeric comparisons against gfortran on PoCL.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export FOROCL_REQUIRE_OPENCL=${FOROCL_REQUIRE_OPENCL:-1}
# cmake and make (setup.sh installs them) are required too: no skipped build-system test
export FOROCL_REQUIRE_TOOLS=${FOROCL_REQUIRE_TOOLS:-1}
echo "== go vet"
go vet ./...
echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
  echo "gofmt would change:"; echo "$unformatted"; exit 1
fi
echo "== go test"
go test -count=1 -timeout 30m ./...
