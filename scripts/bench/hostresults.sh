#!/bin/bash
# hostresults.sh: what a loop kernel's results launch cost the Go harness per call (issue 25 item
# 3, Note [results from the host] in abi/abi.go): babel25.F90's dot (real(4) and real(8)) through
# its generated Go harness, built from this tree ("new": the results come from the host program)
# and from git revision BASE ("base": the harness launches the results kernel and reads the result
# back), run alternately on the same machine.
#
#   here:  scripts/bench/hostresults.sh kit KIT [BASE]   (BASE defaults to 034fafc, the tree
#          before the hosts took their results from the host program) builds four static
#          programs into KIT: {base,new}_dot{4,8}, and puts this script in KIT.
#   there: KIT/hostresults.sh (OUT set; no argument) registers the NVIDIA driver and prints, and
#          writes to $OUT/hostresults.txt, for ROUNDS rounds (default 3), each kind and each of
#          SIZES (default 59000000 1048576 elements): per program, the median wall-clock µs of
#          one Run call over REPS calls (default 200), the median device µs of one call (Timed:
#          the launches' profiled times, summed) and the dot's value.
set -uo pipefail

if [[ ${1:-} == kit ]]; then
	set -e
	KIT=${2:?usage: $0 kit KIT [BASE]}
	BASE=${3:-034fafc}
	ROOT=$(cd "$(dirname "$0")/../.." && pwd)
	mkdir -p "$KIT"
	KIT=$(cd "$KIT" && pwd)
	TMP=$(mktemp -d)
	trap 'rm -rf "$TMP"' EXIT
	mkdir -p "$TMP/base"
	git -C "$ROOT" archive "$BASE" | tar -x -C "$TMP/base"
	for tree in base new; do
		src=$TMP/base
		[[ $tree == new ]] && src=$ROOT
		(cd "$src" && go build -o "$TMP/forocl_$tree" ./cmd/forocl)
		for rk in 4 8; do
			pkg=$src/.hostresults-kit/dot$rk # inside the module: the harness imports its packages
			rm -rf "$pkg"
			"$TMP/forocl_$tree" build -D RK=$rk --target gpu "$ROOT/scripts/bench/babel25.F90" -o "$pkg" --go-package main
			dtype=Float32
			[[ $rk == 8 ]] && dtype=Float64
			sed "s/DTYPE/$dtype/g" >"$pkg/main.go" <<'EOF'
package main

import (
	"fmt"
	"os"
	"sort"
	"strconv"
	"time"

	"github.com/forocl/forocl/clhost"
)

// main: REPS LABEL SIZES...: the median wall µs of a Run call of dot, the
// median device µs of a Timed call, and the dot, per size.
func main() {
	reps, err := strconv.Atoi(os.Args[1])
	check(err)
	dev, err := clhost.Select(os.Getenv("FOROCL_DEVICE"))
	check(err)
	c, err := clhost.NewContext(dev)
	check(err)
	defer c.Close()
	k, err := NewDot(c)
	check(err)
	defer k.Close()
	for _, arg := range os.Args[3:] {
		n, err := strconv.Atoi(arg)
		check(err)
		a, err := c.NewArray(clhost.DTYPE, n)
		check(err)
		b, err := c.NewArray(clhost.DTYPE, n)
		check(err)
		ones := make([]byte, int64(n)*a.DType.Size())
		for i := range ones {
			ones[i] = 0x3c // a positive value of either kind
		}
		check(c.WriteBytes(a.Buffer, ones))
		check(c.WriteBytes(b.Buffer, ones))
		s, err := k.Run(int32(n), a, b)
		check(err)
		wall, device := make([]float64, reps), make([]float64, reps)
		for i := range wall {
			t0 := time.Now()
			_, err := k.Run(int32(n), a, b)
			check(err)
			wall[i] = float64(time.Since(t0).Nanoseconds()) / 1e3
		}
		for i := range device {
			_, d, err := k.Timed(int32(n), a, b)
			check(err)
			device[i] = float64(d.Nanoseconds()) / 1e3
		}
		fmt.Printf("%-10s %10d %10.1f %10.1f %g\n", os.Args[2], n, median(wall), median(device), s)
		a.Release()
		b.Release()
	}
}

func median(x []float64) float64 {
	sort.Float64s(x)
	return x[len(x)/2]
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
EOF
			(cd "$src" && CGO_ENABLED=0 go build -o "$KIT/${tree}_dot$rk" ./.hostresults-kit/dot$rk)
			rm -rf "$pkg"
		done
		rmdir "$src/.hostresults-kit"
	done
	cp "$0" "$KIT/hostresults.sh"
	echo "kit in $KIT: carry it, then run $KIT/hostresults.sh there (OUT set)"
	exit 0
fi

cd "$(dirname "$0")"
mkdir -p /etc/OpenCL/vendors 2>/dev/null
[[ -f /etc/OpenCL/vendors/nvidia.icd || ! -f /usr/local/nvidia/lib64/libnvidia-opencl.so.1 ]] ||
	echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 >/etc/OpenCL/vendors/nvidia.icd
export FOROCL_DEVICE=${FOROCL_DEVICE:-nvidia}
OUT=${OUT:-$PWD/out}
mkdir -p "$OUT"
{
	printf '%-10s %10s %10s %10s %s\n' program elements wall_us device_us dot
	for round in $(seq "${ROUNDS:-3}"); do
		for rk in 4 8; do
			for tree in base new; do
				timeout 120 "./${tree}_dot$rk" "${REPS:-200}" "${tree}_dot$rk" ${SIZES:-59000000 1048576} ||
					echo "${tree}_dot$rk FAILED"
			done
		done
	done
} 2>&1 | tee "$OUT/hostresults.txt"
