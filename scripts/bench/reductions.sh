#!/bin/bash
# Run from the repository root: FOROCL=path/to/forocl DEV=nvidia bash scripts/bench/NAME.sh
# (SIZES="4096 8192" by default where supported). Prints label, width, median ms, GB/s.
F=${FOROCL:-forocl}
run() { # label file kernel n extra...
  local label=$1 file=$2 kernel=$3 n=$4; shift 4
  $F run $file --kernel $kernel --grid ${n}x${n} --repeat 100 --device ${DEV:-nvidia} --json "$@" 2>&1 |
    python3 -c "import json,sys; d=json.load(sys.stdin); t=d['timing']; print('%-28s %5d %9.4f %7.0f %s' % ('$label', $n, t['median_ms'], t['gb_per_s'], d.get('results')))" || echo "$label $n FAILED"
}
for round in 1 2; do
  for n in ${SIZES:-4096 8192}; do
    run copy scripts/bench/reductions.f90 copy $n
    run sum scripts/bench/reductions.f90 total $n
    run maxval-speed scripts/bench/reductions.f90 speed $n
    run wave_summary examples/shallowwater/fortran/summary.f90 wave_summary $n
  done
done
