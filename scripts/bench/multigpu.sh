#!/bin/bash
# multigpu.sh: one grid over several GPUs, in one process and over MPI ranks (issue 24), in one
# command per machine, within BUDGET seconds (default 400: under 7 minutes with the start).
#
#   here:  echo /.gpu/ >> .git/info/exclude; mkdir -p .gpu && CGO_ENABLED=0 go build -o .gpu/forocl ./cmd/forocl
#          (for step 0 also: CGO_ENABLED=0 go test -c -o .gpu/runner.test ./runner)
#   there: bash scripts/bench/multigpu.sh            (nvidia-h100-x2; carry .gpu)
#          GPUS=4 bash scripts/bench/multigpu.sh     (nvidia-h100-x4)
#   PoCL check here (one CPU device stands for every GPU, small sizes):
#          FOROCL=/path/to/forocl PLAT=0 IDS="0 0" MPI_ARGS="--devices 0:0,0:0" N=512 CL=64 STEPS=20 OUT=/tmp/mg \
#          bash scripts/bench/multigpu.sh
#
# 0. With .gpu/runner.test: the runner's overlap tests on 3 contexts of GPU 0 (region and loop
#    kernels of every schedule launched in parts at global work offsets, a one-sided halo, 4
#    slabs; bit-identical to one device). Seconds.
# 1. Shallow water (examples/shallowwater/fortran/wave.f90, real(4)) at N x N (N=32768), STEPS
#    steps (200): one device, --devices over GPUS GPUs (overlapped), the same with --no-overlap,
#    and mpirun -np GPUS ... --mpi (each rank on the GPU of its local rank).
# 2. A CloverLeaf-style loop kernel of ours (scripts/bench/accel_loop.f90) weak-scaled at CL x CL
#    cells per device (CL=7680): one device, then 2 (and 4) devices in one process, and GPUS MPI
#    ranks.
# Each row: ms per step (wall clock over the steps), the speed-up over one device measured in this
# run (weak scaling: the efficiency, one device's time over this one's), the halo exchange per
# step and the part of it hidden behind the interior (device time when overlapped), and whether
# the exchange overlapped the interior. Rows that would pass the budget are skipped. Tables go to
# stdout and $OUT/multigpu.txt; each run's JSON report and stderr to $OUT/multigpu/.
#
# FOROCL_OVERLAP defaults to 1 here: a forocl built before the overlap was turned back on for
# NVIDIA's OpenCL (runner.overlapOn) needs it to overlap there; FOROCL_OVERLAP=0 turns it off.
set -u
NV=/usr/local/nvidia/lib64/libnvidia-opencl.so.1
if [ -f $NV ] && [ ! -f /etc/OpenCL/vendors/nvidia.icd ]; then
	mkdir -p /etc/OpenCL/vendors && echo $NV >/etc/OpenCL/vendors/nvidia.icd
fi
F=${FOROCL:-$PWD/.gpu/forocl}
G=${GPUS:-2}
N=${N:-32768}
STEPS=${STEPS:-200}
CL=${CL:-7680}
OUT=${OUT:-/tmp}
BUDGET=${BUDGET:-400}
LOG=$OUT/multigpu
mkdir -p "$LOG"
: >"$OUT/multigpu.txt"
export FOROCL_CACHE=${FOROCL_CACHE:-/tmp/forocl-cache} FOROCL_OVERLAP=${FOROCL_OVERLAP:-1}
# Open MPI as root, on shared memory, ranks not pinned to one core each.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader
export FOROCL_MPI_TIMEOUT=${FOROCL_MPI_TIMEOUT:-120s}
MPIRUN=(mpirun --allow-run-as-root --oversubscribe --bind-to none -x FOROCL_CACHE -x FOROCL_MPI_TIMEOUT -x OMPI_MCA_btl
	-x FOROCL_OVERLAP)
read -r -a MPIX <<<"${MPI_ARGS:-}" # extra arguments of the MPI runs (the PoCL check's devices)

# The GPUs: platform PLAT (1 where PoCL is 0), devices IDS (0 .. GPUS-1).
PLAT=${PLAT:-$("$F" devices 2>/dev/null | awk '$0 ~ /GPU/ {split($1, a, ":"); print a[1]; exit}')}
read -r -a IDS <<<"${IDS:-$(seq -s ' ' 0 $((G - 1)))}"
devs() { local d=$1 l="" i; for ((i = 0; i < d; i++)); do l="$l${l:+,}$PLAT:${IDS[i % ${#IDS[@]}]}"; done; echo "$l"; }
"$F" devices | tee "$LOG/devices.txt"
nvidia-smi -L 2>/dev/null | tee -a "$LOG/devices.txt"

say() { echo "$*" | tee -a "$OUT/multigpu.txt"; }
left() { echo $((BUDGET - SECONDS)); }
# row LABEL BASE_MS LIMIT CMD...: runs CMD (a forocl run --json) for at most LIMIT seconds and what
# is left of the budget, and prints its row; BASE_MS is one device's time (empty: this is it).
row() {
	local label=$1 base=$2 limit=$3 rest
	shift 3
	rest=$(left)
	if ((rest < 15)); then
		say "$(printf '%-26s SKIPPED (%ss of the budget left)' "$label" "$rest")"
		return
	fi
	timeout "$((limit < rest ? limit : rest))" "$@" >"$LOG/$label.json" 2>"$LOG/$label.err"
	python3 - "$LOG/$label.json" "$label" "$base" "$?" <<'EOF' | tee -a "$OUT/multigpu.txt"
import json, sys
path, label, base, rc = sys.argv[1:5]
try:
    text = open(path).read()
    s = json.loads(text[text.index('{'):])['steps']
except Exception:
    print('%-26s FAILED (exit %s; see %s.err)' % (label, rc, label))
    sys.exit()
ms = s['ms_per_step']
up = '%7.2fx' % (float(base) / ms) if base not in ('', '0') else '   1.00x' if base == '' else '       -'
ex, hid = s.get('exchange_ms_per_step'), s.get('hidden_ms_per_step')
x = '%9.3f %9.3f' % (ex, hid) if ex is not None else '%9s %9s' % ('-', '-')
ov = {True: 'yes', False: 'no', None: '-'}[s.get('overlapped')]
print('%-26s %9.3f %8s %s %10s   %s' % (label, ms, up, x, ov, s.get('slabs', 'one device')))
EOF
}
ms() { python3 -c "import json,sys; t=open(sys.argv[1]).read(); print(json.loads(t[t.index('{'):])['steps']['ms_per_step'])" "$LOG/$1.json" 2>/dev/null || echo 0; }
header() { say "$(printf '%-26s %9s %8s %9s %9s %10s   %s' "$1" ms/step speed-up exchange hidden overlapped where)"; }

if [ -x .gpu/runner.test ]; then
	say "== step 0: the runner's overlap tests on 3 contexts of $PLAT:0 (bit-identical to one device)"
	for t in TestRunSlabsOverlapSchedules TestRunSlabsOverlapOneSidedHalo TestRunSlabsOverlapParts TestRunLoopSlabsOverlap TestOverlapOn; do
		(cd runner && FOROCL_DEVICE=$PLAT:0 FOROCL_REQUIRE_OPENCL=1 timeout 60 ../.gpu/runner.test -test.run "^$t\$" -test.v) >"$LOG/test-$t.txt" 2>&1
		say "$(printf '%-40s rc %s' "$t" $?)"
	done
fi

say "== shallow water ${N}x${N} real(4), $STEPS steps, $G GPUs ($(date -u +%FT%TZ), budget ${BUDGET}s)"
header "run"
W=(run -I fortran examples/shallowwater/fortran/wave.f90 --kernel wave_advance --grid "${N}x${N}" --steps "$STEPS"
	--swap h=oh --swap u=ou --swap v=ov --set dx=1 --set dy=1 --set dt=0.001 --json)
timeout 60 "$F" run -I fortran examples/shallowwater/fortran/wave.f90 --kernel wave_advance --grid 64x64 --steps 2 --set dx=1 \
	--set dy=1 --set dt=0.001 --swap h=oh --swap u=ou --swap v=ov --device "$PLAT:${IDS[0]}" >"$LOG/warm.txt" 2>&1 # fills the program cache
row sw-1-device "" 120 "$F" "${W[@]}" --device "$PLAT:${IDS[0]}"
B=$(ms sw-1-device)
row "sw-$G-devices" "$B" 100 "$F" "${W[@]}" --devices "$(devs "$G")"
row "sw-$G-mpi-ranks" "$B" 120 "${MPIRUN[@]}" -np "$G" "$F" "${W[@]}" --mpi "${MPIX[@]}"

say "== accel_loop (loop kernel) weak-scaled, ${CL}x${CL} cells per device, $STEPS steps"
header "run"
A=(run scripts/bench/accel_loop.f90 --kernel accel_step --set dt=0.001 --set nu=0.05 --steps "$STEPS"
	--swap xvel=xvel1 --swap yvel=yvel1 --json)
size() { echo --set nx="$CL" --set ny=$((CL * $1)) --grid "$((CL + 2))x$((CL * $1 + 2))"; }
row accel-1-device "" 60 "$F" "${A[@]}" $(size 1) --device "$PLAT:${IDS[0]}"
BA=$(ms accel-1-device)
for d in 2 4; do
	((d > G)) && break
	row "accel-$d-devices" "$BA" 60 "$F" "${A[@]}" $(size $d) --devices "$(devs "$d")"
done
row "accel-$G-mpi-ranks" "$BA" 60 "${MPIRUN[@]}" -np "$G" "$F" "${A[@]}" $(size "$G") --mpi "${MPIX[@]}"

say "== the exchange after each step (--no-overlap)"
header "run"
row "sw-$G-devices-no-overlap" "$B" 100 "$F" "${W[@]}" --devices "$(devs "$G")" --no-overlap
row "accel-$G-devices-no-overlap" "$BA" 60 "$F" "${A[@]}" $(size "$G") --devices "$(devs "$G")" --no-overlap
say "== done in ${SECONDS}s"
