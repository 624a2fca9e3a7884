#!/bin/bash
# port-overhead.sh: the host overhead around the kernels of an application ported by forocl port
# (issue 23 "Speed", issue 25 item 3), on a GPU machine: each run's time per step against the sum
# of its kernels' device times per step, side by side, in resident mode.
#
#   here:  scripts/bench/port-overhead.sh kit KIT    (needs gfortran; FOROCL=forocl binary, else
#          built from this repository) ports examples/porting's blast mini-application into KIT,
#          builds blast_cl (-O2 -DFOROCL, against libOpenCL) and launch_overhead (a kernel that
#          does no work, launched 20000 times: the host cost of one launch), puts libgfortran and
#          libquadmath in KIT/lib and this script in KIT.
#   there: KIT/port-overhead.sh (with $OUT set; no argument) registers the NVIDIA driver and
#          prints, and writes to $OUT/port-overhead.txt:
#          - launch_overhead's host microseconds per launch;
#          - for blast at SIZES (default 960 3840 7680 cells a side): the time per step (wall
#            clock of a run of 2*STEPS steps minus one of STEPS, default 20, over STEPS) and the
#            kernels' device time per step (the same difference of FOROCL_PROFILE=1 runs), their
#            ratio, and FOROCL_TRACE=1's OpenCL calls per step (20 more steps at 960);
#          - with CLOVER=DIR, a folder made by cloverleaf-gpu.sh's "here" steps (clover_port,
#            lib/, deck_NAME.in), the same for CloverLeaf_ref on its DECKS (default bm_short,
#            bm16_short, bm64_short): each deck run with end_step S and 2S (CLOVER_STEPS, default
#            40), plain and with FOROCL_PROFILE=1; the steady step is the difference of the plain
#            runs' wall clocks (CloverLeaf's hydro loop) over S, the kernels' time per step the
#            difference of the profiled runs' kernel totals over S. What the shorter run spent
#            beyond S steady steps (the first uploads of the resident arrays) is printed apart.
#          The blast step time includes the field summary every 10 steps (a reduction read back)
#          and the first step's uploads of the resident arrays, amortised by the difference.
#          SIZES sets blast's sizes (default 960; SIZES= skips blast).
set -uo pipefail

if [[ ${1:-} == kit ]]; then
	set -e
	KIT=${2:?usage: $0 kit KIT}
	ROOT=$(cd "$(dirname "$0")/../.." && pwd)
	mkdir -p "$KIT/lib"
	KIT=$(cd "$KIT" && pwd)
	F=${FOROCL:-}
	if [[ -z $F ]]; then
		F=$KIT/forocl
		(cd "$ROOT" && CGO_ENABLED=0 go build -o "$F" ./cmd/forocl)
	fi
	A=$ROOT/examples/porting/app
	rm -rf "$KIT/port" "$KIT/mods"
	mkdir -p "$KIT/mods"
	"$F" port "$A"/*_kernel.f90 -o "$KIT/port" >"$KIT/order"
	gfortran -O2 -DFOROCL -J "$KIT/mods" $(cat "$KIT/order") "$A/blast.F90" -lOpenCL -o "$KIT/blast_cl"
	gfortran -O2 -J "$KIT/mods" "$KIT/port/forocl_cl.f90" "$ROOT/scripts/bench/launch_overhead.f90" -lOpenCL \
		-o "$KIT/launch_overhead"
	for l in libgfortran.so.5 libquadmath.so.0; do
		p=$(gfortran -print-file-name=$l)
		[[ -f $p ]] && cp -L "$p" "$KIT/lib/"
	done
	cp "$0" "$KIT/port-overhead.sh"
	echo "kit in $KIT: carry it, then run $KIT/port-overhead.sh there (OUT set)"
	exit 0
fi

cd "$(dirname "$0")"
KIT=$PWD
mkdir -p /etc/OpenCL/vendors 2>/dev/null
[[ -f /etc/OpenCL/vendors/nvidia.icd || ! -f /usr/local/nvidia/lib64/libnvidia-opencl.so.1 ]] ||
	echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 >/etc/OpenCL/vendors/nvidia.icd
export LD_LIBRARY_PATH=$KIT/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export FOROCL_DEVICE=${FOROCL_DEVICE:-nvidia} FOROCL_RESIDENT=1
OUT=${OUT:-$KIT/out}
mkdir -p "$OUT"
STEPS=${STEPS:-20}
LOG=$OUT/port-overhead.log
: >"$LOG"

# kernel_ms FILE: the sum of the kernel rows' device ms in the FOROCL_PROFILE table of FILE.
kernel_ms() {
	awk '/^forocl profile/ {on = 1; next} on && NF >= 6 && $6 !~ /^\[/ && $2 ~ /^[0-9.]+$/ {s += $2} END {printf "%.3f", s}' "$1"
}
# wall CMD...: runs CMD (output to the log), prints its wall seconds.
wall() {
	local t0 t1
	t0=$(date +%s.%N)
	timeout 300 "$@" >>"$LOG" 2>&1 || echo "FAILED: $*" >>"$LOG"
	t1=$(date +%s.%N)
	calc "$t1 - $t0"
}
# per_step A B: (B - A) / STEPS, in ms when A and B are seconds (scale 1000).
per_step() { calc "($2 - $1) * ${3:-1000} / $STEPS"; }
# calc EXPR: EXPR evaluated by awk (the GPU machines may lack bc).
calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }

# clover_run DECK STEPS PROFILE: CloverLeaf_ref ported, in $OUT/clover_DECK_STEPS_PROFILE, with
# the deck's end_step set to STEPS and FOROCL_PROFILE=PROFILE.
clover_run() {
	local d=$OUT/clover_$1_$2_$3
	mkdir -p "$d"
	sed -e "s/end_step=[0-9]*/end_step=$2/" -e '/end_time/d' "$CLOVER/deck_$1.in" >"$d/clover.in"
	(cd "$d" && LD_LIBRARY_PATH=$CLOVER/lib:$CLOVER/mpilib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
		OMP_NUM_THREADS=1 FOROCL_PROFILE=$3 timeout 300 "$CLOVER/clover_port" >log 2>&1)
}
# clover_wall DIR: the last wall clock (seconds) CloverLeaf wrote in DIR/clover.out.
clover_wall() { grep 'Wall clock' "$1/clover.out" 2>/dev/null | tail -1 | awk '{print $NF}'; }

{
	echo "== $(date -u) on $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1), FOROCL_DEVICE=$FOROCL_DEVICE"
	echo "-- launch_overhead (host us per launch: enqueued, and with the device's work)"
	timeout 120 ./launch_overhead 20000 2>&1
	./blast_cl 64 64 20 >/dev/null 2>&1 # fills the program cache
	echo "-- blast, resident mode: per step (difference of $((2 * STEPS)) and $STEPS steps)"
	printf '%6s %12s %12s %10s\n' cells step_ms kernels_ms kernels%
	for n in ${SIZES-960}; do
		w1=$(wall ./blast_cl "$n" "$n" "$STEPS")
		w2=$(wall ./blast_cl "$n" "$n" $((2 * STEPS)))
		FOROCL_PROFILE=1 timeout 300 ./blast_cl "$n" "$n" "$STEPS" >"$OUT/p1_$n.txt" 2>&1
		FOROCL_PROFILE=1 timeout 300 ./blast_cl "$n" "$n" $((2 * STEPS)) >"$OUT/p2_$n.txt" 2>&1
		step=$(per_step "$w1" "$w2")
		kern=$(per_step "$(kernel_ms "$OUT/p1_$n.txt")" "$(kernel_ms "$OUT/p2_$n.txt")" 1)
		printf '%6d %12.3f %12.3f %9.1f%%\n' "$n" "$step" "$kern" "$(calc "100 * $kern / $step")"
	done
	echo "-- blast at 960: OpenCL calls of 20 more steps (FOROCL_TRACE=1: calls, waits)"
	FOROCL_TRACE=1 ./blast_cl 960 960 20 2>"$OUT/t1.txt" >/dev/null
	FOROCL_TRACE=1 ./blast_cl 960 960 40 2>"$OUT/t2.txt" >/dev/null
	# the tables' lines after their headings, side by side: counts of the longer run minus the shorter's
	paste -d'|' <(sed -n '/^forocl trace/,$p' "$OUT/t1.txt" | tail -n +3) \
		<(sed -n '/^forocl trace/,$p' "$OUT/t2.txt" | tail -n +3) |
		awk -F'|' '{n = split($1, a, " "); split($2, b, " ")
			if (a[2] ~ /^[0-9]+$/) printf "%12d %12d  %s\n", b[1] - a[1], b[2] - a[2], a[3]
			else {t = ""; for (i = 2; i <= n; i++) t = t " " a[i]; printf "%12d %12s %s\n", b[1] - a[1], "", t}}'
	if [[ -n ${CLOVER:-} && -x $CLOVER/clover_port ]]; then
		echo "-- CloverLeaf_ref, resident mode: the steady step against its kernels (difference of end_step S and 2S)"
		printf '%-12s %5s %10s %12s %10s %12s %12s\n' deck S step_ms kernels_ms kernels% once_ms avg_step_ms
		for deck in ${DECKS:-bm_short bm16_short bm64_short}; do
			S=${CLOVER_STEPS:-40}
			clover_run "$deck" 2 0 # fills the program cache
			for n in $S $((2 * S)); do
				for p in 0 1; do
					clover_run "$deck" "$n" "$p"
				done
			done
			d=$OUT/clover_$deck
			w1=$(clover_wall "${d}_${S}_0") w2=$(clover_wall "${d}_$((2 * S))_0")
			k1=$(kernel_ms "${d}_${S}_1/log") k2=$(kernel_ms "${d}_$((2 * S))_1/log")
			if [[ -z $w1 || -z $w2 ]]; then
				echo "$deck: a run has no wall clock (see ${d}_*/log)"
				continue
			fi
			step=$(calc "($w2 - $w1) * 1000 / $S")
			k=$(calc "($k2 - $k1) / $S")
			printf '%-12s %5d %10.3f %12.3f %9.1f%% %12.1f %12.3f\n' "$deck" "$S" "$step" "$k" \
				"$(calc "100 * $k / $step")" "$(calc "$w1 * 1000 - $S * $step")" "$(calc "$w1 * 1000 / $S")"
		done
		echo "step_ms and kernels_ms: per step of the longer run beyond the shorter (the steady step);"
		echo "once_ms: what the S-step run spent beyond S steady steps (first uploads); avg_step_ms: its wall clock / S"
	fi
} 2>&1 | tee "$OUT/port-overhead.txt"
