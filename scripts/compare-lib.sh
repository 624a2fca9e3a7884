# compare-lib.sh: what the public-code surveys (cloverleaf.sh and its
# siblings) share: small .npy inputs, and running a table of
# `forocl compare` jobs in parallel with one result row each and a summary.
# Source it after setting FOROCL, DEVICE and JOBS.
#
# A job is one line: kernel|variant|size|dir|file|arguments. The run
# changes into dir and runs `$FOROCL compare file --kernel kernel
# arguments`; arguments may hold $((...)) for sizes and no other
# expansion.

# npy_i32 FILE V...: a 1-D int32 .npy file holding the values.
npy_i32() {
	local f=$1
	shift
	local dict="{'descr': '<i4', 'fortran_order': False, 'shape': ($#,), }"
	local pad=$((64 - (10 + ${#dict} + 1) % 64))
	((pad == 64)) && pad=0
	local hlen=$((${#dict} + pad + 1))
	{
		printf '\x93NUMPY\x01\x00'
		printf "\\x$(printf %02x $((hlen & 255)))\\x$(printf %02x $((hlen >> 8)))"
		printf '%s%*s\n' "$dict" "$pad" ""
		local v u
		for v in "$@"; do
			u=$((v & 0xffffffff))
			printf "\\x$(printf %02x $((u & 255)))\\x$(printf %02x $(((u >> 8) & 255)))\\x$(printf %02x $(((u >> 16) & 255)))\\x$(printf %02x $((u >> 24)))"
		done
	} >"$f"
}

# one LINE: run one job and print its table row.
one() {
	IFS='|' read -r n kernel variant size dir file args <<<"$1"
	local out rc result
	args=$(eval "echo $args")
	set +e
	# shellcheck disable=SC2086
	out=$(cd "$dir" && "$FOROCL" compare "$file" --kernel "$kernel" --device "$DEVICE" $args 2>&1)
	rc=$?
	set -e
	case $rc in
	0) result=match ;;
	1)
		if grep -q 'DIFFERS' <<<"$out"; then
			result="DIFFERS: $(grep 'DIFFERS' <<<"$out" | awk '{print $1}' | paste -sd, -)"
		elif grep -q ': error: ' <<<"$out"; then
			result="refused: $(grep -o ': error: .*' <<<"$out" | grep -o '\[[a-z0-9-]*\]' | sort -u | paste -sd, -)"
		else
			result="error: $(grep 'forocl:' <<<"$out" | tail -1 | cut -c1-120)"
		fi
		;;
	*) result="exit $rc: $(tail -1 <<<"$out" | cut -c1-120)" ;;
	esac
	printf '%d\t%-28s %-24s %-6s %s\n' "$n" "$kernel" "$variant" "$size" "$result"
}

# run_jobs JOBFILE ROWFILE: run every job, print the table and a summary;
# exit status 0 when every run matches.
run_jobs() {
	local jobs=$1 rows=$2
	export -f one
	export FOROCL DEVICE
	printf '%-28s %-24s %-6s %s\n' kernel variant size result
	awk '{print NR "|" $0}' "$jobs" | tr '\n' '\0' | xargs -0 -P "$JOBS" -I{} bash -c 'one "$1"' _ {} | sort -n | cut -f2- >"$rows"
	cat "$rows"
	local total match refused differs
	total=$(wc -l <"$rows")
	match=$(grep -c ' match$' "$rows" || true)
	refused=$(grep -c ' refused: ' "$rows" || true)
	differs=$(grep -c ' DIFFERS: ' "$rows" || true)
	echo "summary: $total runs: $match match, $differs differ, $refused refused by check, $((total - match - refused - differs)) failed otherwise"
	[[ $match -eq $total ]]
}
