#!/bin/bash
# The tuning's measurement (Note [tuning cache] in cmd/forocl/tune.go) on
# the GPU, in one command of at most about 9 minutes: for issue25.f90's
# CloverLeaf-style kernels (and, with CLK, CloverLeaf_ref's own, as in
# scripts/bench/issue25.sh), a first run on a fresh tuning cache (its
# rounds, its time, its choice), then the tuned schedule against the
# default, alternately (TRIALS pairs, --repeat REPEAT each), so that drift
# weighs on both alike. A choice other than the default should be at
# least as fast: the table's last column, the median of tuned/default
# over the pairs, should not be over 1.
#
#   here:  echo /.gpu/ >> .git/info/exclude; mkdir -p .gpu
#          CGO_ENABLED=0 go build -o .gpu/forocl ./cmd/forocl
#          mkdir -p .gpu/cl && cp CLOVERLEAF_REF/kernels/*.f90 .gpu/cl/   (optional, for CLK)
#   there (carry .gpu): FOROCL=.gpu/forocl CLK=.gpu/cl DEV=nvidia bash scripts/bench/tunenoise.sh
#   PoCL here: FOROCL=... DEV=pocl SIZES=300 TRIALS=1 bash scripts/bench/tunenoise.sh
# With $OUT set, the output is also written to $OUT/tunenoise.md.
F=${FOROCL:-forocl}
DEV=${DEV:-nvidia}
TRIALS=${TRIALS:-3}
REPEAT=${REPEAT:-100}
LIMIT=${LIMIT_S:-540}
if [ "$DEV" = nvidia ]; then
	mkdir -p /etc/OpenCL/vendors
	[ -f /etc/OpenCL/vendors/nvidia.icd ] || echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 >/etc/OpenCL/vendors/nvidia.icd
fi
t0=$(date +%s)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# ms FILE KERNEL N TUNE CACHE: the median ms of a run (--repeat REPEAT).
ms() {
	local file=$1 kernel=$2 n=$3 tune=$4 cache=$5 dt=
	case $kernel in accelerate* | flux_calc*) dt="--set dt=0.01" ;; esac
	FOROCL_TUNE=$tune FOROCL_CACHE=$cache timeout 60 "$F" run "$file" --kernel "$kernel" \
		--set x_min=1 --set x_max="$n" --set y_min=1 --set y_max="$n" $dt --grid $((n + 4))x$((n + 4)) \
		--repeat "$REPEAT" --device "$DEV" --json --verbose 2>"$tmp/err" |
		python3 -c "import json,sys; print('%.4f' % json.load(sys.stdin)['timing']['median_ms'])" 2>/dev/null || echo FAILED
}
# row FILE KERNEL N: one kernel's row.
row() {
	local file=$1 kernel=$2 n=$3 c="$tmp/cache.$2.$3" first tuned line ratios=() d t
	rm -rf "$c"
	local s=$(date +%s.%N)
	first=$(ms "$file" "$kernel" "$n" 1 "$c")
	local wall=$(python3 -c "import time; print('%.1f' % (time.time() - $s))")
	line=$(grep -o "forocl: tuned .*" "$tmp/err" | sed 's/^forocl: tuned [^:]*: //')
	for i in $(seq "$TRIALS"); do
		d=$(ms "$file" "$kernel" "$n" 0 "$c")
		t=$(ms "$file" "$kernel" "$n" 1 "$c")
		ratios+=("$(python3 -c "print('%.4f' % ($t / $d))" 2>/dev/null || echo nan)")
		[ "$i" = 1 ] && first="$d | $t"
	done
	local med=$(printf '%s\n' "${ratios[@]}" | sort -g | sed -n "$(((${#ratios[@]} + 1) / 2))p")
	echo "| $kernel | $n | $wall | ${line:-not tuned} | $first | ${ratios[*]} | $med |"
}
{
	"$F" --version
	echo
	echo "| kernel | n | first run s | tuning: choice (rounds, s; median ms) | default ms | tuned ms | tuned/default per pair | median |"
	echo "| --- | ---: | ---: | --- | ---: | ---: | --- | ---: |"
	for n in ${SIZES:-7680 3840}; do
		for k in ideal_gas viscosity accelerate flux_calc revert reset_field; do
			for src in "scripts/bench/issue25.f90:${k}25" ${CLK:+"$CLK/${k}_kernel.f90:${k}_kernel"}; do
				[ $(($(date +%s) - t0)) -lt "$LIMIT" ] || { echo "| ${src#*:} | $n | cut: $LIMIT s reached | | | | | |"; continue; }
				row "${src%%:*}" "${src#*:}" "$n"
			done
		done
	done
} 2>&1 | tee ${OUT:+"$OUT/tunenoise.md"}
