package hostgen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/forocl/forocl/abi"
)

// See Note [the Fortran host].
//
// Note [the Fortran host]
//
// FortranHost writes, for one abi.Unit, a Fortran 2008 module that a
// Fortran main program uses to launch the unit's kernels on the device of
// the runtime module forocl_cl (fortran/forocl_cl.f90):
//
//   - the module is named after the source file: wave.f90 gives module
//     wave_cl in file wave_cl.f90 (FortranModuleName), or wave_cl_mod
//     when a kernel wave makes a procedure wave_cl (FortranModule);
//   - each kernel K gets subroutine K_cl (FortranProcName) with the
//     kernel's own dummies in order, scalars by value and arrays as
//     type(forocl_array), then optional stat= and errmsg=; the module
//     variables a kernel takes are no dummies: the procedure uses their
//     module (fortranmodvars.go);
//   - the OpenCL source is embedded as a function that appends it line by
//     line (a character constant would hit Fortran's limit of 255
//     continuation lines), in literal pieces that keep every line under
//     132 characters; it is byte-identical to the .cl, so the program
//     cache entry is the one the Go host uses;
//   - the program and kernels are built on the first call (and again
//     after forocl_init switches device);
//   - each call checks kinds, ranks and shapes before it launches:
//     sizes are bound from the first array's shape and every array is
//     compared with the extents they give (abi.Kernel.Bind's rule), then
//     every launch's NDRange is computed as abi.Launch.NDRange does,
//     scratch buffers are allocated (those of a reduction's partials hold
//     one element per work-group of the launch they name; they are kept
//     between calls, as are the result buffers), and each
//     launch's arguments are set in the ABI's order before it is
//     enqueued. Launches are not waited for: data stays on the device;
//   - scalar results (Param.Result: intent(out) scalars, such as
//     reductions) are intent(out) arguments of the procedure, read back
//     from one-element buffers after the last launch, so such a call
//     waits for the device.
//   - a kernel generated with --check-bounds reads its bounds buffer
//     after the last launch, before the results, and fails with the
//     first bad subscript (Note [checked subscripts] in bounds.go), so
//     such a call waits for the device too.
//
// Names the generated code declares start with fcl_ (locals, the program,
// the kernels); a dummy with that prefix or forocl_'s is refused with an
// error, and every other dummy name is taken (Note [Fortran host names]).

// FortranModuleName is the module FortranHost writes for a source file
// with the given stem (the file name less .f90): stem_cl, with characters
// that cannot appear in a Fortran name replaced by underscores.
func FortranModuleName(stem string) string {
	var b strings.Builder
	for i, r := range strings.ToLower(stem) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9' && i > 0, r == '_' && i > 0:
			b.WriteRune(r)
		case i == 0:
			b.WriteString("f_")
			if r >= '0' && r <= '9' {
				b.WriteRune(r)
			}
		default:
			b.WriteByte('_')
		}
	}
	return b.String() + "_cl"
}

// FortranModule is the name of the module FortranHost writes for unit u
// from the source file with the given stem: FortranModuleName(stem), or
// that with _mod added when one of u's procedures has that name (kernel
// gather in gather.f90), since a module and its procedure cannot share
// a name.
func FortranModule(u *abi.Unit, stem string) string {
	mod := FortranModuleName(stem)
	for _, k := range u.Kernels {
		if strings.EqualFold(FortranProcName(k.Name), mod) {
			return mod + "_mod"
		}
	}
	return mod
}

// FortranProcName is the subroutine of the Fortran host that launches
// kernel name: name_cl.
func FortranProcName(kernel string) string { return kernel + "_cl" }

// maxFortranName is the longest name Fortran 2008 allows.
const maxFortranName = 63

// fortranBuildLine writes the header's build command for a program
// app.f90 that uses the module in file (DIR/file): gfortran compiles the files in the order
// given, so each module comes before the files that use it (the runtime,
// the kernel's source when the kernels use variables of its modules, this
// module, the program), and -lOpenCL comes after the objects that need it.
// golden's TestFortranBuildLine runs it.
func fortranBuildLine(e *fortEmitter, u *abi.Unit, file string) {
	var used []string
	for _, k := range u.Kernels {
		for _, p := range k.Params {
			if p.Module != "" && !slices.Contains(used, p.Module) {
				used = append(used, p.Module)
			}
		}
	}
	src := ""
	if len(used) > 0 {
		src = sourceOf(u) + " "
	}
	e.Line("! Build, each module before the files that use it (FOROCL: the forocl")
	e.Line("! checkout, DIR: the folder of this file, app.f90: your program):")
	e.Line("!   gfortran FOROCL/fortran/forocl_cl.f90 %sDIR/%s app.f90 -lOpenCL", src, file)
	switch {
	case len(used) == 1:
		e.Line("! where %s defines module %s, whose variables the kernels use.", sourceOf(u), used[0])
	case len(used) > 1:
		e.Line("! where %s defines modules %s, whose variables the kernels use.", sourceOf(u), strings.Join(used, ", "))
	}
}

// FortranHost returns the Fortran module (see Note [the Fortran host]) of
// unit u, generated from the source file with the given stem; it is
// written as FortranModuleName(stem) + ".f90" and named
// FortranModule(u, stem). The error says why a unit
// cannot have a Fortran host (names too long or colliding, a launch
// feature the emit.Writer does not know).
func FortranHost(u *abi.Unit, stem string) ([]byte, error) {
	u, err := fortranComponents(u)
	if err != nil {
		return nil, err
	}
	mod := FortranModule(u, stem)
	if len(mod) > maxFortranName {
		return nil, fmt.Errorf("the Fortran host module name %q is longer than %d characters; rename the source file", mod, maxFortranName)
	}
	for _, k := range u.Kernels {
		if err := fortranCheck(k); err != nil {
			return nil, err
		}
	}
	var e fortEmitter
	e.Line("! Code generated by forocl %s from %s. DO NOT EDIT.", u.Version, sourceOf(u))
	e.Line("!")
	e.Line("! Module %s launches the OpenCL kernels that forocl generated from", mod)
	e.Line("! %s on the device of the runtime module forocl_cl", sourceOf(u))
	e.Line("! (fortran/forocl_cl.f90). Arrays are device arrays, type(forocl_array),")
	e.Line("! created with forocl_create and read back with forocl_read; scalars are")
	e.Line("! passed by value. Every procedure takes optional stat= and errmsg=.")
	fortranBuildLine(&e, u, FortranModuleName(stem)+".f90")
	e.Line("module %s", mod)
	e.Indent++
	if unitHasInt64(u) || unitChecksBounds(u) {
		e.Line("use, intrinsic :: iso_c_binding, only: c_float, c_double, c_int32_t, c_int64_t")
	} else {
		e.Line("use, intrinsic :: iso_c_binding, only: c_float, c_double, c_int32_t")
	}
	e.Line("use forocl_cl")
	e.Line("implicit none")
	e.Line("private")
	var procs []string
	for _, k := range u.Kernels {
		procs = append(procs, FortranProcName(k.Name))
	}
	e.list("public :: ", procs, "")
	e.Line("")
	e.Line("! The program, built on the first call (and after forocl_init), and its kernels.")
	e.Line("type(forocl_program), save :: fcl_program")
	handles := map[*abi.Launch]string{}
	var order []string
	for _, k := range u.Kernels {
		for _, l := range k.Launches {
			h := fmt.Sprintf("fcl_k%d", len(order)+1)
			handles[l] = h
			order = append(order, l.Symbol)
			e.Line("type(forocl_kernel), save :: %s  ! %s", h, l.Symbol)
		}
	}
	e.Indent--
	e.Line("")
	e.Line("contains")
	e.Indent++
	for _, k := range u.Kernels {
		e.Line("")
		fortranKernel(&e, u, k, handles)
	}
	e.Line("")
	e.Line("! fcl_build builds the program and creates its kernels once per device.")
	e.Line("subroutine fcl_build(st, msg)")
	e.Indent++
	e.Line("integer, intent(out) :: st")
	e.Line("character(len=*), intent(out) :: msg")
	e.Line("st = 0")
	e.Line("if (forocl_current(fcl_program)) return")
	e.Line("msg = ''")
	e.Line("call forocl_build(fcl_program, fcl_source(), '', st, msg)")
	for i, sym := range order {
		e.call("if (st == 0) ", "forocl_kernel_create", fmt.Sprintf("fcl_k%d", i+1), "fcl_program", "'"+sym+"'", "st", "msg")
	}
	e.Indent--
	e.Line("end subroutine fcl_build")
	e.Line("")
	fortranSource(&e, u)
	e.Indent--
	e.Line("end module %s", mod)
	return []byte(e.String()), nil
}

// fortranCheck refuses kernels whose Fortran host could not be written.
func fortranCheck(k *abi.Kernel) error {
	proc := FortranProcName(k.Name)
	if len(proc) > maxFortranName {
		return fmt.Errorf("kernel %q: its Fortran host procedure %q is longer than %d characters; shorten the kernel's name", k.Name, proc, maxFortranName)
	}
	for _, p := range append(k.Params, charParams(k)...) {
		n := strings.ToLower(p.Name)
		if strings.HasPrefix(n, "fcl_") || strings.HasPrefix(n, "forocl_") || n == strings.ToLower(proc) {
			return fmt.Errorf("kernel %q: dummy %q collides with a name of the Fortran host (names starting with fcl_ or forocl_, and the procedure %s); rename it", k.Name, p.Name, proc)
		}
	}
	for _, l := range k.Launches {
		if l.If != "" {
			return fmt.Errorf("kernel %q: conditional launches are not supported by the Fortran host yet", k.Name)
		}
		for _, a := range l.Args {
			if a.Kind != abi.ParamArg && a.Kind != abi.SizeArg && a.Kind != abi.ScratchArg && a.Kind != abi.GroupsArg && a.Kind != abi.LoopArg && a.Kind != abi.HostArg {
				return fmt.Errorf("internal error: codegen: launch argument kind %q", a.Kind)
			}
		}
	}
	if err := fortranCheckModule(k); err != nil {
		return err
	}
	return fortranCheckLoops(k)
}

// unitHasInt64 reports whether a kernel of u has an integer(8) dummy or
// a host program (its temporaries, fortranhostprog.go), which the module
// declares as integer(c_int64_t).
func unitHasInt64(u *abi.Unit) bool {
	for _, k := range u.Kernels {
		if k.Steps != nil {
			return true
		}
		for _, p := range k.Params {
			if p.Kind == abi.Int64 {
				return true
			}
		}
	}
	return false
}

// fortranArrayKind is forocl_cl's kind constant for device arrays of kind
// k (logical arrays are integer arrays of 0 and 1 on the device; integer(8)
// arrays hold OpenCL longs).
func fortranArrayKind(k abi.Kind) string {
	switch k {
	case abi.Real4:
		return "forocl_real4"
	case abi.Real8:
		return "forocl_real8"
	case abi.Int64:
		return "forocl_int8"
	}
	return "forocl_int"
}

func fortranInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// fortranKernel writes the procedure that launches kernel k.
func fortranKernel(e *fortEmitter, u *abi.Unit, k *abi.Kernel, handles map[*abi.Launch]string) {
	f := &fortKernel{e: e, u: u, k: k, handles: handles, n: newFortNames(k), resultsLaunch: hostResults(k)} // Note [Fortran host names]
	proc := FortranProcName(k.Name)
	f.header(proc)
	e.Indent++
	fortranModuleUses(e, k)
	f.declare()
	e.Line("")
	e.Line("fcl_st = 0")
	e.Line("fcl_run: block")
	e.Indent++
	f.moduleToDevice()
	f.checkArgs()
	e.Line("call fcl_build(fcl_st, fcl_msg)")
	f.check()
	f.ndranges()
	f.allocate()
	if f.h != nil {
		f.h.reset(true)
	}
	late := k.Late()
	fortranProgram(e, f.n, k.Program(), func(li int) { // host loops as DO loops
		if li == f.resultsLaunch { // taken from the host variables instead (readResults)
			e.Line("! launch %d: %s, not launched: the results are the host program's", li+1, k.Launches[li].Symbol)
			e.Line("! (Note [results from the host] in package abi)")
			return
		}
		if late[li] { // sized as the program reaches it (Note [late launches] in package abi)
			f.ndrange(li)
			fortranChecks(e, f.n, k.HostAccesses(li))
			f.lateScratch(li)
		}
		f.launch(li)
	}, f.h)
	fortranBoundsError(e, f.n, k) // after the last launch, before the results
	f.readResults()
	f.moduleFromDevice()
	fortranCharSets(e, k)
	e.Indent--
	e.Line("end block fcl_run")
	f.moduleFree()
	e.Line("call forocl_report(fcl_st, fcl_msg, %s, %s)", f.n.stat(), f.n.errmsg())
	e.Indent--
	e.Line("end subroutine %s", proc)
}

// fortKernel is what fortranKernel's parts share while they write one
// kernel's procedure.
type fortKernel struct {
	e       *fortEmitter
	u       *abi.Unit
	k       *abi.Kernel
	handles map[*abi.Launch]string // each launch's kernel handle
	n       *fortNames
	h       *fortHost // the host program's writer; nil without one
	// sizes are the size variables in k.Sizes order; launchIndex numbers
	// the launches from 1 by symbol (fcl_gI, fcl_wI).
	sizes       []string
	launchIndex map[string]int
	results     []*abi.Param
	// resultsLaunch is k's results launch, not launched: the results are
	// assigned from the host variables (hostResults); -1 when none.
	resultsLaunch int
}

// check writes the exit from the procedure's block after a failed call.
func (f *fortKernel) check() { f.e.Line("if (fcl_st /= 0) exit fcl_run") }

// header writes the procedure's comment and its subroutine line.
func (f *fortKernel) header(proc string) {
	e, k := f.e, f.k
	var dummies []string
	for _, p := range k.Params {
		if p.Module == "" { // Note [module variables] in sema/modvars.go
			dummies = append(dummies, p.Name)
		}
	}
	for _, c := range k.Chars { // Note [host characters] in ir/chars.go
		dummies = append(dummies, c.Name)
	}
	e.Line("! %s launches kernel %s", proc, k.Name)
	e.Line("! of %s.", k.File)
	switch {
	case k.AnyRank():
		e.Line("! Its arrays are device arrays of any rank with as many elements.")
	default:
		e.Line("! Its arrays are %d-D device arrays of one shape, halo included.", k.Rank)
	}
	switch {
	case f.resultsLaunch >= 0:
		e.Line("! Its scalar results are the host program's: the call waits for the")
		e.Line("! device only where the program reads a value back (a reduction's).")
	case len(k.Results()) > 0:
		e.Line("! Its scalar results are read back, so the call waits for the device.")
	default:
		e.Line("! The launch is enqueued, not waited for: data stays on the device.")
	}
	for _, l := range k.Launches {
		e.Line("! OpenCL kernel %s: %s strategy, work-group %s.", l.Symbol, l.Strategy, dims(l.Local))
	}
	e.list("subroutine "+proc+"(", append(dummies, f.n.stat(), f.n.errmsg()), ")")
}

// declare writes the dummies' declarations and the procedure's locals:
// sizes, loop and host variables, NDRanges, scratch, bounds and results.
func (f *fortKernel) declare() {
	e, k, n := f.e, f.k, f.n
	for _, p := range k.Params {
		switch {
		case p.Module != "" && p.Array:
			e.Line("type(forocl_array) :: %s  ! of module %s", p.Name, p.Module)
		case p.Module != "": // from the module
		case p.Result() && len(p.ResultShape()) == 1:
			e.Line("%s, intent(out) :: %s(%d)", n.scalarType(p.Kind), p.Name, p.ResultElements())
		case p.Result():
			e.Line("%s, intent(%s) :: %s", n.scalarType(p.Kind), p.Intent, p.Name)
		case !p.Array:
			e.Line("%s, intent(in) :: %s", n.scalarType(p.Kind), p.Name)
		case p.Intent == abi.In:
			e.Line("type(forocl_array), intent(in) :: %s", p.Name)
		default:
			e.Line("type(forocl_array), intent(inout) :: %s", p.Name)
		}
	}
	fortranCharDecls(e, k)
	e.Line("integer, intent(out), optional :: %s", n.stat())
	e.Line("character(len=*), intent(inout), optional :: %s", n.errmsg())
	e.Line("character(len=*), parameter :: fcl_name = '%s'", k.Name)
	e.Line("integer :: fcl_st")
	e.Line("character(len=forocl_msg_len) :: fcl_msg")
	for _, s := range k.Sizes {
		f.sizes = append(f.sizes, n.v(s.Name))
	}
	if len(f.sizes) > 0 { // a kernel of constant bounds has none
		e.list("integer :: ", f.sizes, "")
	}
	var loopVars []string
	seen := map[string]bool{}
	for _, l := range k.HostLoops {
		if !seen[n.v(l.Var)] { // two loops in turn may share a variable
			seen[n.v(l.Var)] = true
			loopVars = append(loopVars, n.v(l.Var))
		}
	}
	if len(loopVars) > 0 {
		e.list("integer :: ", loopVars, "")
	}
	if k.Steps != nil { // Note [host program] in package abi
		f.h = &fortHost{e: e, n: n, k: k}
		f.h.declare()
		e.Line("logical :: fcl_seen(%d)", len(k.Launches))
	}
	// fcl_gI is launch I's NDRange; fcl_wI its number of work-groups.
	f.launchIndex = map[string]int{}
	for i, l := range k.Launches {
		f.launchIndex[l.Symbol] = i + 1
		e.Line("integer :: fcl_g%d(%d), fcl_w%d  ! %s", i+1, len(l.Global), i+1, l.Symbol)
	}
	for i := range k.Scratch {
		e.Line("type(forocl_array), save :: fcl_s%d  ! %s", i+1, k.Scratch[i].Name)
	}
	fortranBoundsLocals(e, k)
	f.results = k.Results()
	for i, p := range f.results {
		e.Line("type(forocl_array), save :: fcl_r%d  ! %s", i+1, p.Name)
		if f.resultsLaunch < 0 { // else not read back (readResults)
			e.Line("%s, save, target :: fcl_v%d(%d)", n.bufferType(p.Kind), i+1, p.ResultElements())
		}
	}
}

// checkArgs writes the checks of the arguments: double precision, each
// array's kind and rank, the sizes and shapes, the accesses, and aliases.
func (f *fortKernel) checkArgs() {
	e, k, n := f.e, f.k, f.n
	arrays := k.Arrays()
	if f.u.FP64 {
		e.call("", "forocl_check_fp64", "fcl_name", "fcl_st", "fcl_msg")
		f.check()
	}
	for _, p := range arrays {
		r := len(p.Shape) // every array has its own rank
		if p.Sequence {
			r = 0 // any rank (abi.Param.Sequence)
		}
		e.call("", "forocl_check_array", "fcl_name", "'"+p.Name+"'", p.Name, fortranArrayKind(p.Kind), fmt.Sprint(r), "fcl_st", "fcl_msg")
		f.check()
	}
	if len(arrays) == 0 {
		panic("internal error: codegen: kernel " + k.Name + " has no array to bind its sizes from")
	}
	// The sizes are the integer dummies and the extents of the arrays
	// passed (Note [one binding] in package abi); every array is then
	// checked against the extents they give it.
	fortranCheckShapes(e, k, n, fortranLoopSizes(e, k, n), f.check)
	fortranAccessChecks(e, k, n) // Note [access ranges] in package abi
	// No array the kernel writes may be passed as another of its arrays
	// (clhost.CheckAliases' rule).
	for i, p := range arrays {
		for _, q := range arrays[i+1:] {
			if !p.Output() && !q.Output() {
				continue
			}
			w := p
			if !p.Output() {
				w = q
			}
			e.call("", "forocl_check_alias", "fcl_name", "'"+p.Name+"'", p.Name, "'"+q.Name+"'", q.Name, "'"+w.Name+"'", "fcl_st", "fcl_msg")
			f.check()
		}
	}
}

// ndranges writes every launch's NDRange (scratch sizes depend on them):
// without a host program directly, with one from a first run of it that
// launches nothing, each launch's NDRange and accesses with the values it
// sees (Note [host program] in package abi, and fortranhostprog.go); a
// late launch is sized in the second run, as it is reached (Note [late
// launches] in package abi).
func (f *fortKernel) ndranges() {
	e, k := f.e, f.k
	if f.h == nil {
		for li := range k.Launches {
			f.ndrange(li)
		}
		return
	}
	late := k.Late()
	first := func(li int) {
		f.ndrange(li)
		fortranChecks(e, f.n, k.HostAccesses(li))
	}
	e.Line("fcl_seen = .false.")
	for li := range k.Launches {
		e.Line("fcl_g%d = 0", li+1)
		e.Line("fcl_w%d = 0", li+1)
	}
	f.h.reset(false)
	fortranProgram(e, f.n, k.Program(), func(li int) {
		if late[li] { // sized in the second run (Note [late launches] in package abi)
			return
		}
		e.Line("if (.not. fcl_seen(%d)) then", li+1)
		e.Indent++
		e.Line("fcl_seen(%d) = .true.", li+1)
		first(li)
		e.Indent--
		e.Line("end if")
	}, f.h)
	for li := range k.Launches {
		if late[li] {
			continue
		}
		e.Line("if (.not. fcl_seen(%d)) then", li+1)
		e.Indent++
		first(li)
		e.Indent--
		e.Line("end if")
	}
}

// ndrange writes launch li's NDRange into fcl_gI, its work-group count
// into fcl_wI, and the check that its positions fit 32-bit indices.
func (f *fortKernel) ndrange(li int) {
	e, n := f.e, f.n
	l := f.k.Launches[li]
	var reads []abi.Affine
	for _, r := range l.Global {
		reads = append(reads, r.Positions)
		if r.First != nil {
			reads = append(reads, *r.First)
		}
	}
	for _, a := range f.k.HostAccesses(li) {
		reads = append(reads, append([]abi.Affine{a.Min, a.Max, a.Lo, a.Hi}, a.When...)...)
	}
	n.fits32(e, "launch "+l.Symbol, reads...)
	grid := "[" + strings.Join(f.sizes, ", ") + "]"
	if len(f.sizes) == 0 {
		grid = "[integer ::]"
	}
	var pos, per []string
	for _, r := range l.Global {
		if l.MayBeEmpty { // an empty nest: one work-group that does nothing
			pos = append(pos, n.max1(n.affine(r.Positions)))
		} else {
			pos = append(pos, n.affine(r.Positions))
		}
		per = append(per, fmt.Sprint(max(1, r.Per)))
	}
	e.call("", "forocl_ndrange", "fcl_name", "["+strings.Join(pos, ", ")+"]", "["+strings.Join(per, ", ")+"]",
		fortranInts(l.Local), grid, fmt.Sprintf("fcl_g%d", li+1), "fcl_st", "fcl_msg")
	f.check()
	e.Line("fcl_w%d = %s", li+1, n.product(fmt.Sprintf("fcl_g%d/%s", li+1, fortranInts(l.Local))))
	// The int variant of the rule of Note [index types] in package
	// abi (abi.Kernel.Check32): this host builds only that one.
	for d, r := range l.Global {
		first := fmt.Sprint(0)
		if d < len(l.Origin) {
			first = fmt.Sprint(l.Origin[d])
		}
		if r.First != nil {
			first = n.affine(*r.First)
		}
		e.Line("if (forocl_past_int32(%s, fcl_g%d(%d), %d)) then", first, li+1, d+1, max(1, r.Per))
		e.Line("  fcl_st = 1")
		e.Line("  fcl_msg = 'launch %s' // &", l.Symbol) // a long symbol keeps the line within 132 columns
		e.Line("      ': positions past 2**31-1 need 64-bit indices; use forocl run'")
		e.Line("end if")
		f.check()
	}
}

// allocate writes the check that every array fits 32-bit indices, then
// allocates the scratch and result buffers. They are saved, kept from
// one call to the next while their shapes hold (forocl_scratch): a
// reduction allocates nothing per call.
func (f *fortKernel) allocate() {
	e, k, n := f.e, f.k, f.n
	for _, p := range k.Arrays() {
		e.Line("if (forocl_over_int32(%s%%shape)) then", p.Name)
		e.Line("  fcl_st = 1")
		e.Line("  fcl_msg = 'array %s' // &", p.Name)
		e.Line("      ': over 2**31-1 elements need 64-bit indices; use forocl run'")
		e.Line("end if")
		f.check()
	}
	for i, s := range k.Scratch {
		cnt := n.affine(s.Elements)
		if s.Groups != "" {
			gi, ok := f.launchIndex[s.Groups]
			if !ok {
				panic(fmt.Sprintf("internal error: codegen: kernel %q: scratch %q counts the groups of unknown launch %q", k.Name, s.Name, s.Groups))
			}
			cnt = fmt.Sprintf("fcl_w%d", gi)
		}
		shape := "[" + n.max1(cnt) + "]"
		if len(s.Extents) > 0 { // a temporary or automatic array: its extents
			ext := make([]string, len(s.Extents))
			for d, x := range s.Extents {
				ext[d] = n.max1(n.affine(x))
			}
			shape = "[" + strings.Join(ext, ", ") + "]"
		}
		zero := ".false."
		if s.Name == abi.BoundsBuffer { // starts from zeros (Note [checked subscripts])
			zero = ".true."
		}
		e.call("", "forocl_scratch", fmt.Sprintf("fcl_s%d", i+1), fortranArrayKind(s.Kind), shape, zero, "fcl_st", "fcl_msg")
		f.check()
		if len(s.Extents) > 0 {
			e.Line("if (forocl_over_int32(fcl_s%d%%shape)) then", i+1)
			e.Line("  fcl_st = 1")
			e.Line("  fcl_msg = 'scratch array %s' // &", s.Name)
			e.Line("      ': over 2**31-1 elements need 64-bit indices; use forocl run'")
			e.Line("end if")
			f.check()
		}
	}
	for i, p := range f.results {
		e.call("", "forocl_scratch", fmt.Sprintf("fcl_r%d", i+1), fortranArrayKind(p.Kind), fmt.Sprintf("[%d]", p.ResultElements()), ".false.", "fcl_st", "fcl_msg")
		f.check()
	}
}

// launch writes launch li: its arguments set one by one, then the launch.
func (f *fortKernel) launch(li int) {
	e, k := f.e, f.k
	l := k.Launches[li]
	h := f.handles[l]
	e.Line("! launch %d: %s", li+1, l.Symbol)
	for ai, a := range l.Args {
		prefix := "if (fcl_st == 0) "
		if ai == 0 {
			prefix = ""
		}
		e.call(prefix, "forocl_set_arg", h, fmt.Sprint(ai), f.arg(a), "fcl_st", "fcl_msg")
	}
	e.call("if (fcl_st == 0) ", "forocl_launch", h, fmt.Sprintf("fcl_g%d", li+1), fortranInts(l.Local), "fcl_st", "fcl_msg")
	f.check()
}

// arg returns the value the procedure passes for launch argument a.
func (f *fortKernel) arg(a abi.Arg) string {
	k, n := f.k, f.n
	var v string
	switch a.Kind {
	case abi.ParamArg:
		p := k.Param(a.Name)
		v = p.Name
		switch {
		case p.Result():
			v = fmt.Sprintf("fcl_r%d", resultIndex(f.results, p)+1)
		case !p.Array && p.Kind == abi.Logical:
			v = n.flag(p.Name)
		}
	case abi.GroupsArg:
		gi, ok := f.launchIndex[a.Name]
		if !ok {
			panic(fmt.Sprintf("internal error: codegen: kernel %q: groups of unknown launch %q", k.Name, a.Name))
		}
		v = n.i32(fmt.Sprintf("fcl_w%d", gi))
	case abi.SizeArg:
		v = n.i32(n.v(a.Name))
	case abi.ScratchArg:
		v = fmt.Sprintf("fcl_s%d", scratchIndex(k, a.Name)+1)
	case abi.LoopArg:
		v = n.i32(n.v(a.Name))
	case abi.HostArg:
		v = hostArg(n, a)
	}
	return v
}

// readResults writes the reads of the scalar results into their dummies:
// every read but the last only started (forocl_read_start), so the host
// waits once, at the last, for all of them (the queue runs in order).
// The fcl_v arrays they read into are saved: a read started before an
// error returns lands there, not in a stack frame gone.
func (f *fortKernel) readResults() {
	e := f.e
	if f.resultsLaunch >= 0 {
		f.assignResults()
		return
	}
	for i := range f.results {
		read := "forocl_read_start"
		if i == len(f.results)-1 {
			read = "forocl_read"
		}
		e.call("", read, fmt.Sprintf("fcl_r%d", i+1), fmt.Sprintf("fcl_v%d", i+1), "fcl_st", "fcl_msg")
		f.check()
	}
	for i, p := range f.results {
		switch {
		case len(p.ResultShape()) == 1:
			e.Line("%s = fcl_v%d", p.Name, i+1)
		case p.Kind == abi.Logical:
			e.Line("%s = fcl_v%d(1) /= 0", p.Name, i+1)
		default:
			e.Line("%s = fcl_v%d(1)", p.Name, i+1)
		}
	}
}

func resultIndex(results []*abi.Param, p *abi.Param) int {
	for i, r := range results {
		if r == p {
			return i
		}
	}
	panic("internal error: codegen: unknown result " + p.Name)
}

func scratchIndex(k *abi.Kernel, name string) int {
	for i, s := range k.Scratch {
		if s.Name == name {
			return i
		}
	}
	panic("internal error: codegen: unknown scratch buffer " + name)
}

// fortranSource writes fcl_source, which returns u.Source byte for byte.
// Each source line is one statement of literal pieces (at most 50
// source characters each, so a line stays under 132 characters even
// with doubled quotes); characters outside printable ASCII are
// achar(code). A line too long for 255 continuation lines is split over
// several statements.
func fortranSource(e *fortEmitter, u *abi.Unit) {
	e.Line("! fcl_source is the OpenCL C source (%s), line by line.", u.OpenCL)
	e.Line("function fcl_source() result(s)")
	e.Indent++
	e.Line("character(len=:), allocatable :: s")
	e.Line("character(len=1), parameter :: nl = achar(10)")
	e.Line("s = ''")
	lines := strings.Split(u.Source, "\n")
	for i, ln := range lines {
		last := i == len(lines)-1
		if last && ln == "" {
			break
		}
		pieces := sourcePieces(ln)
		if !last {
			pieces = append(pieces, "nl")
		}
		const perStatement = 100
		for len(pieces) > 0 {
			n := min(perStatement, len(pieces))
			e.list("s = s // ", pieces[:n], "", " // ")
			pieces = pieces[n:]
		}
	}
	e.Indent--
	e.Line("end function fcl_source")
}

// sourcePieces splits one source line into Fortran character literals and
// achar() calls.
func sourcePieces(ln string) []string {
	var out []string
	var cur strings.Builder
	n := 0
	flush := func() {
		if n > 0 {
			out = append(out, "'"+cur.String()+"'")
		}
		cur.Reset()
		n = 0
	}
	for i := 0; i < len(ln); i++ {
		c := ln[i]
		if c < 32 || c > 126 {
			flush()
			out = append(out, fmt.Sprintf("achar(%d)", c))
			continue
		}
		if c == '\'' {
			cur.WriteString("''")
		} else {
			cur.WriteByte(c)
		}
		n++
		if n == 50 {
			flush()
		}
	}
	flush()
	if len(out) == 0 {
		out = []string{"''"}
	}
	return out
}

// fortEmitter writes free-form Fortran with two-space indents; list
// wraps long statements with continuation lines, and every line goes
// through write, which keeps it within Fortran's 132 characters.
type fortEmitter struct {
	b      strings.Builder
	Indent int
}

func (e *fortEmitter) Line(format string, args ...any) {
	if format == "" {
		e.b.WriteByte('\n')
		return
	}
	e.write(strings.Repeat("  ", e.Indent) + fmt.Sprintf(format, args...))
}

// write writes text, one or more lines without their final newline, as
// lines of at most fortMaxLine characters (fortranLines).
func (e *fortEmitter) write(text string) {
	for _, ln := range strings.Split(text, "\n") {
		for _, out := range fortranLines(ln) {
			e.b.WriteString(out)
			e.b.WriteByte('\n')
		}
	}
}

// list writes head, the items joined by sep (", " by default) and tail,
// breaking the line with & after an item when it would pass 100
// characters.
func (e *fortEmitter) list(head string, items []string, tail string, sep ...string) {
	s := ", "
	if len(sep) > 0 {
		s = sep[0]
	}
	ind := strings.Repeat("  ", e.Indent)
	cur := ind + head
	for i, it := range items {
		piece := it
		if i < len(items)-1 {
			piece += s
		}
		// Right after head only when the two would pass 132 characters,
		// Fortran's limit (a 60-character procedure and a 63-character
		// dummy): elsewhere lines break where they always did.
		atHead := strings.TrimSpace(cur) == strings.TrimSpace(ind+head)
		if len(cur)+len(piece) > 100 && (!atHead || len(cur)+len(piece)+2 > 132) {
			e.write(strings.TrimRight(cur, " ") + " &")
			cur = ind + "    " + strings.TrimLeft(piece, " ")
			continue
		}
		cur += piece
	}
	e.write(cur + tail)
}

// call writes "prefix call proc(args)", wrapped as list does.
func (e *fortEmitter) call(prefix, proc string, args ...string) {
	e.list(prefix+"call "+proc+"(", args, ")")
}

func (e *fortEmitter) String() string { return e.b.String() }
