#!/bin/bash
# Run from the repository root: FOROCL=path/to/forocl DEV=nvidia bash scripts/bench/NAME.sh
# (SIZES="4096 8192" by default where supported). Prints label, width, median ms, GB/s.
# Loop-kernel benchmarks on the GPU: median of 100 launches each, two rounds.
W="--set dx=1 --set dy=1 --set dt=0.01"
F=${FOROCL:-forocl}
# The "auto" rows are the schedule's rules, untuned (FOROCL_TUNE=1 to tune
# them: Note [tuning cache] in cmd/forocl/tune.go).
export FOROCL_TUNE=${FOROCL_TUNE:-0}
run() { # label file kernel n extra...
  local label=$1 file=$2 kernel=$3 n=$4; shift 4
  $F run $file --kernel $kernel --grid ${n}x${n} --repeat 100 --device ${DEV:-nvidia} --json "$@" 2>&1 |
    python3 -c "import json,sys; d=json.load(sys.stdin); t=d['timing']; print('%-28s %5d %9.4f %7.0f' % ('$label', $n, t['median_ms'], t['gb_per_s']))" || echo "$label $n FAILED"
}
for round in 1 2; do
  for n in ${SIZES:-4096 8192}; do
    run wave-region examples/shallowwater/fortran/wave.f90 wave_advance $n $W
    run wave-loops-auto examples/shallowwater/fortran/wave_loops.f90 wave_advance_loops $n $W
    run wave-loops-direct1 examples/shallowwater/fortran/wave_loops.f90 wave_advance_loops $n $W --strategy direct
    run wave-loops-4rows examples/shallowwater/fortran/wave_loops.f90 wave_advance_loops $n $W --coarsen 4 --tile 128x1
    run wave-loops-2x4-128x1 examples/shallowwater/fortran/wave_loops.f90 wave_advance_loops $n $W --coarsen 2x4 --tile 128x1
    run copy4 scripts/bench/copy2d.f90 copy4 $n
    run copy4-direct1 scripts/bench/copy2d.f90 copy4 $n --strategy direct
    run transpose-auto testdata/kernels/loop_transpose.f90 transpose2 $n
    run transpose-direct1 testdata/kernels/loop_transpose.f90 transpose2 $n --strategy direct
    run transpose-local-32x8x4 testdata/kernels/loop_transpose.f90 transpose2 $n --strategy local --tile 32x8 --coarsen 4
    run transpose-local-32x32 testdata/kernels/loop_transpose.f90 transpose2 $n --strategy local --tile 32x32
    run copy8 scripts/bench/copy2d.f90 copy8 $n
    run jacobi-auto testdata/kernels/loop_acc_jacobi.f90 acc_jacobi $n
    run jacobi-direct1 testdata/kernels/loop_acc_jacobi.f90 acc_jacobi $n --strategy direct
  done
done
