#!/usr/bin/env bash
# tsunami.sh: run `forocl compare` (the OpenCL device against gfortran's
# serial run, element by element) on every data-parallel procedure of a
# modern-fortran/tsunami src/ folder (chapters ch02..ch12, extras, final),
# at two awkward sizes, and list every other procedure with the reason it
# is not compared; print both tables and a summary.
#
#   scripts/tsunami.sh TSUNAMI_SRC_DIR
#
# TSUNAMI_SRC_DIR is the src/ folder of a checkout of modern-fortran/tsunami
# (ch04/mod_diff.f90 and so on); the script neither fetches nor copies it.
# $FOROCL names the forocl binary (default: built from this repository into
# a scratch folder); $FOROCL_DEVICE or $DEVICE the device (default pocl);
# $JOBS the parallel runs (default 2). Needs gfortran and an OpenCL driver.
# Every procedure the folder defines must have a job or a reason: one that
# has neither is listed as "unlisted". Exit 0 when every run matches and
# none is unlisted, 1 otherwise.
set -euo pipefail

if [[ $# -ne 1 || ! -f $1/ch04/mod_diff.f90 ]]; then
	echo "usage: $0 TSUNAMI_SRC_DIR   (modern-fortran/tsunami's src/, with ch04/mod_diff.f90)" >&2
	exit 2
fi
SRC=$(cd "$1" && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/tsunami.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
if [[ -z ${FOROCL:-} ]]; then
	FOROCL=$WORK/forocl
	(cd "$(dirname "$0")/.." && go build -o "$FOROCL" ./cmd/forocl)
fi
DEVICE=${DEVICE:-${FOROCL_DEVICE:-pocl}}
JOBS=${JOBS:-2}
# shellcheck source=compare-lib.sh
source "$(dirname "$0")/compare-lib.sh"

# One job per line (compare-lib.sh): kernel|variant|size|dir|file|arguments.
# N and NxM in the arguments stand for the size of the row.
jobs=$WORK/jobs
: >"$jobs"
job1() { # dir file kernel variant args...: 1-D at two sizes
	local dir=$1 file=$2 kernel=$3 variant=$4 s
	shift 4
	for s in 13 30; do echo "$kernel|$variant|$s|$SRC/$dir|$file|--grid $s $*" >>"$jobs"; done
}
job2() { # dir file kernel variant args...: 2-D at two shapes
	local dir=$1 file=$2 kernel=$3 variant=$4 s
	shift 4
	for s in 13x11 7x19; do echo "$kernel|$variant|$s|$SRC/$dir|$file|--grid $s $*" >>"$jobs"; done
}
gauss="--set icenter=5 --set decay=0.02"
job1 ch03 tsunami.f90 diff ch03
job1 ch03 tsunami.f90 set_gaussian "ch03" $gauss
for d in ch04 ch07; do
	job1 $d mod_diff.f90 diff_centered "$d"
	job1 $d mod_diff.f90 diff_upwind "$d"
	job1 $d mod_initial.f90 set_gaussian "$d" $gauss
done
job1 ch07 mod_diff.f90 diff_centered_periodic ch07
for d in ch08 ch10 ch12 final; do
	job2 $d mod_diff.f90 diffx "$d"
	job2 $d mod_diff.f90 diffy "$d"
	# tile_indices_1d(dims, i, n): tile i of n over dims points; the
	# remainder goes to the last tiles.
	for t in "1 7" "6 7" "7 7" "2 3"; do
		set -- $t
		for dims in 100 13; do
			echo "tile_indices_1d|$d i=$1 n=$2|$dims|$SRC/$d|mod_parallel.f90|--set dims=$dims --set i=$1 --set n=$2" >>"$jobs"
		done
	done
done
# extras: mod_kinds picks real32 or, with -D REAL64, real64.
for kind in "" "-D REAL64"; do
	v="extras ${kind:-real32}"
	v=${v/-D /}
	job2 extras mod_diagnostics.f90 ke "$v" "-I $SRC/extras $kind"
	job1 extras mod_diagnostics.f90 mean_1d "$v" "-I $SRC/extras $kind"
	job2 extras mod_diagnostics.f90 mean_2d "$v" "-I $SRC/extras $kind"
	# ASSOCIATE of its bounds, vector subscripts [ims, ime] (Notes
	# [associate] and [vector subscripts of constructors] in sema).
	job2 extras mod_boundary.f90 reflective_boundary "$v" "-I $SRC/extras $kind"
done

# mod_field's Field kernels: a class(Field) dummy is taken apart into its
# components (Note [derived-type dummies] in sema/types.go). On one image
# field_constructor allocates data(0:n+1, 0:m+1) with lb = (1,1) and ub =
# (n,m); the rows give those bounds.
npy_i32 "$WORK/lb.npy" 1 1
for s in 13x11 7x19; do
	n=${s%x*} m=${s#*x}
	npy_i32 "$WORK/ub_$s.npy" "$n" "$m"
	f="--grid $((n + 2))x$((m + 2)) -I . --set self%data%lb1=0 --set self%data%lb2=0"
	echo "assign_array|ch08|$s|$SRC/ch08|mod_field.f90|$f" >>"$jobs"
	echo "assign_const_int|ch08|$s|$SRC/ch08|mod_field.f90|$f --set a=3" >>"$jobs"
	echo "assign_const_real|ch08|$s|$SRC/ch08|mod_field.f90|$f --set a=2.5" >>"$jobs"
	echo "set_gaussian|ch08|$s|$SRC/ch08|mod_field.f90|$f --in self%lb=$WORK/lb.npy --in self%ub=$WORK/ub_$s.npy --set decay=0.02 --set ic=5 --set jc=6" >>"$jobs"
	for d in ch10 ch12 final; do
		echo "assign_real_scalar|$d|$s|$SRC/$d|mod_field.f90|$f --set a=2.5" >>"$jobs"
		# target%name = source%name: a deferred-length character
		# component, a host value (Note [host characters] in ir/chars.go).
		echo "from_field|$d|$s|$SRC/$d|mod_field.f90|--grid $((n + 2))x$((m + 2)) -I . --set target%data%lb1=0 --set target%data%lb2=0 --set source%data%lb1=0 --set source%data%lb2=0 --set source%edge_size=7 --set target%edge_size=1 --set source%name=water_height --set target%name=h" >>"$jobs"
	done
	# The Field operators return a type(Field) taken apart into its
	# components, set by res = self (ch08, then the generic assignment(=))
	# or call from_field(res, self) (ch10+); res%data takes self%data's
	# bounds (Note [whole structures] in sema/wholestruct.go); res%name,
	# self%name's copy, is a host value (Note [host characters]).
	o="$f --set self%edge_size=7 --set self%name=water_height"
	ff="--set f%data%lb1=0 --set f%data%lb2=0"
	for k in field_add_field field_sub_field field_mult_field field_add_real real_add_field field_mult_array \
		array_mult_field field_sub_array "field_mult_real --set x=2.5" "field_div_real --set x=2.5"; do
		set -- $k
		[[ $1 == *_field_field || $1 == field_*_field ]] && a=$ff || a=""
		echo "$1|ch08|$s|$SRC/ch08|mod_field.f90|$o $a ${*:2}" >>"$jobs"
	done
	for d in ch10 ch12 final; do
		for k in field_add_field field_sub_field field_mul_field field_add_real field_mul_array field_sub_real \
			"field_mul_real --set x=2.5" "field_div_real --set x=2.5"; do
			set -- $k
			[[ $1 == field_*_field ]] && a=$ff || a=""
			echo "$1|$d|$s|$SRC/$d|mod_field.f90|$o $a ${*:2}" >>"$jobs"
		done
	done
	# diffx = diffx_real(input_field % data): mod_diff's array-valued
	# function written out in the kernel (Note [array-valued function
	# references] in sema/arrfn.go).
	g="--grid $((n + 2))x$((m + 2)) -I . --set input_field%data%lb1=0 --set input_field%data%lb2=0"
	for d in ch08 ch10 ch12 final; do
		echo "diffx|$d mod_field|$s|$SRC/$d|mod_field.f90|$g" >>"$jobs"
		echo "diffy|$d mod_field|$s|$SRC/$d|mod_field.f90|$g" >>"$jobs"
	done
done

# The procedures not compared, with the reason: name|folders|reason.
reasons=$WORK/reasons
cat >"$reasons" <<'EOF'
tile_indices|ch07|not data-parallel: this image's tile from coarray image queries (num_images, this_image: coarray-unsupported)
tile_neighbors|ch07|not data-parallel: neighbour images from coarray image queries (num_images, this_image: coarray-unsupported)
tile_indices_2d tile_neighbors_1d tile_neighbors_2d tile_n2ij tile_ij2n|ch08 ch10 ch12 final|not data-parallel: tile layout from coarray image queries (num_images, this_image)
denominators num_tiles|ch08 ch10 ch12 final|not data-parallel: a sequential search growing an allocatable result ([denominators, i])
write_field|ch08 ch10 ch12 final|not data-parallel: file I/O (open, write, close)
write gather|ch08 ch10 ch12 final|not data-parallel: coarray gather (sync all) and file I/O
sync_edges field_constructor assign_field|ch08 ch10 ch12 final|not data-parallel: coarray halo exchange or co_max (sync images, sync all)
set|ch12 final|not data-parallel: a recursive set of image numbers (pack, array constructor)
config_from_namelist|extras|not data-parallel: namelist file input
set_gaussian|ch10|refused: calls self%sync_edges, a type-bound coarray halo exchange (type-bound-call; ch08's set_gaussian is compared)
init_gaussian|ch12 final|refused: calls self%sync_edges, a type-bound coarray halo exchange (type-bound-call)
EOF

# procedures FOLDER: the procedures its .f90 files define, one a line.
procedures() {
	sed -nE 's/^[[:space:]]*(((pure|elemental|recursive|impure)[[:space:]]+|(real|integer|type)\([^)]*\)[[:space:]]+)*)(function|subroutine)[[:space:]]+([A-Za-z_0-9]+).*/\6/Ip' "$SRC/$1"/*.f90 |
		tr 'A-Z' 'a-z' | sort -u
}

run_jobs "$jobs" "$WORK/rows" && ok=0 || ok=1

# Every procedure with no job gets its reason; one line per procedure and
# reason, with the folders it holds for.
: >"$WORK/listed"
for d in ch02 ch03 ch04 ch07 ch08 ch10 ch12 extras final; do
	for p in $(procedures $d); do
		awk -F'|' -v p="$p" -v dir="$SRC/$d" '$1 == p && $4 == dir {f = 1} END {exit !f}' "$jobs" && continue
		r=$(awk -F'|' -v p="$p" -v d="$d" '{n = split($1, a, " "); m = split($2, b, " ")
			for (i = 1; i <= n; i++) for (j = 1; j <= m; j++) if (a[i] == p && b[j] == d) {print $3; exit}}' "$reasons")
		echo "$p|$d|${r:-UNLISTED: no job and no reason}" >>"$WORK/listed"
	done
done
echo
printf '%-24s %-20s %s\n' procedure folders "not compared: reason"
awk -F'|' '{k = $1 "|" $3; if (!(k in f)) order[++n] = k; f[k] = f[k] (f[k] == "" ? "" : " ") $2}
	END {for (i = 1; i <= n; i++) {split(order[i], a, "|"); printf "%-24s %-20s %s\n", a[1], f[order[i]], a[2]}}' "$WORK/listed"
echo "the main programs (each chapter's tsunami.f90) are no procedures: time loops that print or write every step"
unlisted=$(grep -c 'UNLISTED' "$WORK/listed" || true)
echo "listed: $(wc -l <"$WORK/listed") procedure(s) not compared, $unlisted of them with no reason"
[[ $ok -eq 0 && $unlisted -eq 0 ]]
