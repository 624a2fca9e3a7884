// Package oracle runs a forocl kernel serially with gfortran: the
// independent reference the tests compare OpenCL results with. It writes a
// small Fortran driver program for the kernel's interface that reads the
// inputs from raw files, calls the kernel once, and writes the outputs;
// compiles it with the kernel's own sources; and runs it. Its second mode
// (BuildDevice) writes the same driver around the generated Fortran host
// module instead, so the kernel runs on the OpenCL device from Fortran.
package oracle

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/npy"
)

// Build compiles the serial driver for kernel k once, from its ABI (the
// same description every host reads); Run then calls it on any inputs and
// grid shape. sources are the Fortran files to compile, in dependency
// order (the regions module first); dir is a scratch directory (e.g.
// t.TempDir()) that the Exe keeps using; cpp are further gfortran flags that say how to read the sources, such
// as -DNAME=VALUE, -UNAME and -I DIR.
func Build(k *abi.Kernel, sources []string, dir string, cpp ...string) (*Exe, error) {
	if err := CheckGfortran(); err != nil {
		return nil, err
	}
	return build(k, sources, dir, nil, cpp...)
}

func build(k *abi.Kernel, sources []string, dir string, dev *Device, cpp ...string) (*Exe, error) {
	if err := checkStructs(k, dev); err != nil {
		return nil, err
	}
	src := wrapSource(driver(k, dev))
	drv := filepath.Join(dir, "oracle_driver.f90")
	if err := os.WriteFile(drv, []byte(src), 0o644); err != nil {
		return nil, err
	}
	exe := filepath.Join(dir, "oracle")
	// -fcoarray=single: a kernel never uses coarrays (sema refuses
	// them), but the other procedures of its files may (sync all,
	// this_image()), and gfortran compiles those files only with it.
	flags := append([]string{"-O2", "-ffp-contract=off", "-fcoarray=single"}, cpp...)
	var env, includes, link []string
	if dev != nil {
		includes, link = dev.Include, dev.Link
		env = dev.Env
	}
	gfortran := func(sources []string) (string, error) {
		args := append(append([]string(nil), flags...), "-J", dir, "-o", exe)
		for _, inc := range includes {
			args = append(args, "-I", inc)
		}
		args = append(append(append(args, sources...), drv), link...)
		cmd := exec.Command("gfortran", args...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			return out.String(), fmt.Errorf("gfortran %s: %v\n%s\ndriver:\n%s", strings.Join(args, " "), err, out.String(), src)
		}
		return "", nil
	}
	compile := func() error {
		out, err := gfortran(sources)
		if err != nil && strings.Contains(out, "not found in module") {
			// Note [private kernels]
			if pub, ok := publicSources(sources, k.Module, k.Name, dir); ok {
				sources = pub
				out, err = gfortran(sources)
			}
		}
		if err != nil && needsMPI(out) {
			// Another procedure of the kernel's files calls MPI: link
			// the serial run with Open MPI, which the kernel never calls.
			if inc, lib, ok := mpiFlags(); ok {
				flags, link = append(flags, inc...), append(link, lib...)
				_, err = gfortran(sources)
			}
		}
		return err
	}
	// See Note [oracle cache].
	key := buildKey(flags, src, sources, includes, link, dir)
	bin, err := cached(key, exe, compile)
	if err != nil {
		return nil, err
	}
	if key != "" {
		// A fresh file even where compile wrote one: what runs is what
		// the cache holds.
		os.Remove(exe)
		if err := os.WriteFile(exe, bin, 0o755); err != nil {
			return nil, err
		}
	}
	return &Exe{k: k, path: exe, dir: dir, env: env}, nil
}

// run runs the driver in its folder, with env added to the environment,
// and keeps what it printed (Stdout, Stderr). A start that fails with ETXTBSY is tried
// again: the file was just written, and a child that another goroutine
// forked in that moment may still hold it open for writing until it
// execs (Go issue 22315).
func (x *Exe) run(env []string) error {
	for try := 0; ; try++ {
		run := exec.Command(x.path)
		run.Dir = x.dir
		if env != nil {
			run.Env = append(os.Environ(), env...)
		}
		var stdout, stderr bytes.Buffer
		run.Stdout, run.Stderr = &stdout, &stderr
		err := run.Run()
		if errors.Is(err, syscall.ETXTBSY) && try < 50 {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		if err != nil {
			return fmt.Errorf("serial run: %v\n%s%s", err, stdout.String(), stderr.String())
		}
		x.Stdout, x.Stderr = stdout.String(), stderr.String()
		return nil
	}
}

// Exe is a compiled serial driver of one kernel.
type Exe struct {
	// Stdout and Stderr are what the kernel wrote (WRITE, PRINT) in the
	// last run.
	Stdout, Stderr string
	// Chars are the values of the kernel's character parameters for the
	// next run, by their ABI names; CharsOut its character outputs that
	// have a value after the last (Note [characters in the driver]).
	Chars, CharsOut map[string]string

	k    *abi.Kernel
	path string
	dir  string
	env  []string // added to the environment of runs
}

// Run calls the kernel once. scalars gives every scalar dummy by lower-case
// name; arrays gives every array dummy by lower-case name (one of any
// rank with as many elements for a sequence-associated dummy), outputs starting from the given contents. It
// returns the intent(out) and intent(inout) arrays by lower-case name.
func (x *Exe) Run(scalars map[string]float64, arrays map[string]*npy.Array) (map[string]*npy.Array, error) {
	k := x.k
	var params strings.Builder
	for _, v := range k.Scalars() {
		fmt.Fprintln(&params, literal(v.Kind, scalars[strings.ToLower(v.Name)]))
	}
	for _, v := range k.Arrays() {
		name := strings.ToLower(v.Name)
		a := arrays[name]
		if a == nil {
			return nil, fmt.Errorf("oracle: no array for %q", v.Name)
		}
		shape := a.Shape
		if v.Sequence {
			shape = []int{abi.Elements(shape)} // the dummy's a(n), in the array's order
		}
		if len(shape) != len(v.Shape) || len(shape) < 1 || len(shape) > 7 {
			return nil, fmt.Errorf("oracle: array %q has rank %d, want %d (1 to 7)", v.Name, len(a.Shape), len(v.Shape))
		}
		ext := make([]string, len(shape))
		for d, n := range shape {
			ext[d] = fmt.Sprint(n)
		}
		fmt.Fprintln(&params, strings.Join(ext, " "))
		if err := writeRaw(filepath.Join(x.dir, "in_"+name+".bin"), a); err != nil {
			return nil, err
		}
	}
	if err := os.WriteFile(filepath.Join(x.dir, "params.txt"), []byte(params.String()), 0o644); err != nil {
		return nil, err
	}
	if err := writeChars(x.dir, k, x.Chars); err != nil {
		return nil, err
	}
	if err := x.run(x.env); err != nil {
		return nil, err
	}
	var err error
	if x.CharsOut, err = readChars(x.dir, k); err != nil {
		return nil, err
	}
	res := map[string]*npy.Array{}
	for _, v := range k.Outputs() {
		name := strings.ToLower(v.Name)
		dt, shape := kindDType(v.Kind), v.ResultShape()
		if !v.Result() {
			dt, shape = arrays[name].DType, arrays[name].Shape
		}
		a, err := readRaw(filepath.Join(x.dir, "out_"+name+".bin"), dt, shape)
		if err != nil {
			return nil, err
		}
		res[name] = a
	}
	return res, nil
}

// kindDType is the dtype of a result of kind k.
func kindDType(k abi.Kind) npy.DType {
	switch k {
	case abi.Real4:
		return npy.Float32
	case abi.Real8:
		return npy.Float64
	case abi.Int64:
		return npy.Int64
	}
	return npy.Int32
}

// ftype spells a kind as a Fortran type.
func ftype(k abi.Kind) string { return string(k) }

// literal spells a scalar for list-directed input.
func literal(k abi.Kind, v float64) string {
	switch k {
	case abi.Real4:
		return fmt.Sprintf("%.9g", float32(v))
	case abi.Real8:
		return fmt.Sprintf("%.17g", v)
	case abi.Logical:
		if v != 0 {
			return "T"
		}
		return "F"
	}
	return fmt.Sprint(int64(v))
}

func writeRaw(path string, a *npy.Array) error {
	var buf bytes.Buffer
	switch {
	case a.F32 != nil:
		binary.Write(&buf, binary.LittleEndian, a.F32)
	case a.F64 != nil:
		binary.Write(&buf, binary.LittleEndian, a.F64)
	case a.I32 != nil:
		binary.Write(&buf, binary.LittleEndian, a.I32)
	case a.I64 != nil:
		binary.Write(&buf, binary.LittleEndian, a.I64)
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

func readRaw(path string, dt npy.DType, shape []int) (*npy.Array, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	n := 1
	for _, s := range shape {
		n *= s
	}
	a := &npy.Array{DType: dt, Shape: append([]int(nil), shape...)}
	switch dt {
	case npy.Float32:
		if len(data) != 4*n {
			return nil, fmt.Errorf("%s: %d bytes, want %d", path, len(data), 4*n)
		}
		a.F32 = make([]float32, n)
		for i := range a.F32 {
			a.F32[i] = math.Float32frombits(binary.LittleEndian.Uint32(data[4*i:]))
		}
	case npy.Float64:
		if len(data) != 8*n {
			return nil, fmt.Errorf("%s: %d bytes, want %d", path, len(data), 8*n)
		}
		a.F64 = make([]float64, n)
		for i := range a.F64 {
			a.F64[i] = math.Float64frombits(binary.LittleEndian.Uint64(data[8*i:]))
		}
	case npy.Int64:
		if len(data) != 8*n {
			return nil, fmt.Errorf("%s: %d bytes, want %d", path, len(data), 8*n)
		}
		a.I64 = make([]int64, n)
		for i := range a.I64 {
			a.I64[i] = int64(binary.LittleEndian.Uint64(data[8*i:]))
		}
	default:
		if len(data) != 4*n {
			return nil, fmt.Errorf("%s: %d bytes, want %d", path, len(data), 4*n)
		}
		a.I32 = make([]int32, n)
		for i := range a.I32 {
			a.I32[i] = int32(binary.LittleEndian.Uint32(data[4*i:]))
		}
	}
	return a, nil
}

// Device describes the second mode of the oracle: the driver calls the
// kernel through its generated Fortran host module (hostgen.FortranHost),
// on the OpenCL device, with the same inputs and outputs as the serial
// driver.
type Device struct {
	Module, Proc string   // the host module and the kernel's procedure in it
	Include      []string // directories holding forocl_cl.mod (gfortran -I)
	Link         []string // trailing link arguments, e.g. OpenCLLink()
	Env          []string // added to the environment of runs (FOROCL_DEVICE=...)
}

// BuildDevice compiles the device driver of kernel k: sources are the
// runtime module (or its object file) and the generated host module, in
// dependency order. Run then works as for the serial driver.
func BuildDevice(k *abi.Kernel, dev Device, sources []string, dir string) (*Exe, error) {
	if err := CheckGfortran(); err != nil {
		return nil, err
	}
	for _, v := range k.Arrays() {
		if v.Kind == abi.Logical {
			return nil, fmt.Errorf("oracle: kernel %q: logical array %q has no device driver", k.Name, v.Name)
		}
	}
	return build(k, sources, dir, &dev)
}

// OpenCLLink returns the gfortran arguments that link libOpenCL: -lOpenCL
// where the development link exists (ocl-icd-opencl-dev), else the
// runtime library by its file name.
// The answer is asked of gfortran once per process.
func OpenCLLink() []string { return append([]string(nil), openCLLink()...) }

var openCLLink = sync.OnceValue(func() []string {
	out, err := exec.Command("gfortran", "-print-file-name=libOpenCL.so").Output()
	if err == nil && filepath.IsAbs(strings.TrimSpace(string(out))) {
		return []string{"-lOpenCL"}
	}
	return []string{"-l:libOpenCL.so.1"}
})

// driver writes the Fortran driver program of any kernel: every array
// has its own rank and shape, read from params.txt (scalars in argument
// order, then per array its extents), allocated with lower bounds 1 (a
// region kernel's assumed-shape dummies take them as they are, explicit-
// shape dummies by sequence association); it writes out_<name>.bin. With dev
// it calls the kernel through its Fortran host module on device arrays
// made from them, and reads the outputs back.
func driver(k *abi.Kernel, dev *Device) string {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	p("program oracle_driver")
	callee := useKernel(p, k, dev)
	for _, v := range k.Params {
		if v.Module != "" {
			p("  use %s, only: %s => %s", v.Module, id("m_", k, v.Name), v.Name)
		}
	}
	structUses(p, k, dev) // Note [structures in the driver]
	p("  implicit none")
	if dev != nil {
		for _, v := range k.Arrays() {
			if v.Module == "" {
				p("  type(forocl_array) :: %s", id("d_", k, v.Name))
			}
		}
	}
	p("  integer :: u, n(7)")
	for _, v := range k.Params {
		if !v.Array {
			p("  %s :: %s%s", ftype(v.Kind), id("s_", k, v.Name), fixedDims(&v))
		}
	}
	for _, v := range k.Arrays() {
		dims := strings.TrimSuffix(strings.Repeat(":,", len(v.Shape)), ",")
		p("  %s, allocatable, target :: %s(%s)", ftype(v.Kind), id("a_", k, v.Name), dims)
	}
	structDecls(p, k, dev)
	charDecls(p, k, dev) // Note [characters in the driver]
	p("  open(newunit=u, file='params.txt', status='old', action='read')")
	for _, v := range k.Scalars() {
		p("  read(u, *) %s", id("s_", k, v.Name))
	}
	var call []string
	for _, v := range k.Params {
		if !v.Array {
			switch {
			case v.Struct != nil && dev == nil:
				if a := structArg(k, v); a != "" {
					call = append(call, a)
				}
			case v.Module == "":
				call = append(call, id("s_", k, v.Name))
			}
			continue
		}
		r := len(v.Shape)
		p("  read(u, *) n(1:%d)", r)
		var ext []string
		for d := 1; d <= r; d++ {
			ext = append(ext, fmt.Sprintf("n(%d)", d))
		}
		p("  allocate(%s(%s))", id("a_", k, v.Name), strings.Join(ext, ","))
		switch {
		case v.Module != "": // set through the module (Note [module variables] in sema/modvars.go)
		case v.Struct != nil && dev == nil:
			if a := structArg(k, v); a != "" {
				call = append(call, a)
			}
		case dev != nil:
			call = append(call, id("d_", k, v.Name))
		default:
			call = append(call, id("a_", k, v.Name))
		}
	}
	p("  close(u)")
	for _, v := range k.Arrays() {
		name := strings.ToLower(v.Name)
		p("  open(newunit=u, file='in_%s.bin', access='stream', form='unformatted', status='old', action='read')", name)
		p("  read(u) %s", id("a_", k, v.Name))
		p("  close(u)")
		if dev != nil && v.Module == "" {
			p("  call forocl_create(%s, %s)", id("d_", k, v.Name), id("a_", k, v.Name))
		}
	}
	for _, v := range k.Params {
		if v.Module != "" {
			val := id("s_", k, v.Name)
			if v.Array {
				val = id("a_", k, v.Name)
			}
			p("  %s = %s", id("m_", k, v.Name), val)
		}
	}
	structFill(p, k, dev)
	charReads(p, k, dev)
	call = charArgs(k, call, dev)
	if !structResultCall(p, k, dev, callee, call) {
		p("  %s", callStmt(k, dev, callee, call))
	}
	structBack(p, k, dev)
	charWrites(p, k, dev)
	for _, v := range k.Outputs() {
		name := strings.ToLower(v.Name)
		val := id("a_", k, v.Name)
		switch {
		case v.Module != "":
			val = id("m_", k, v.Name)
		case v.Result():
			val = id("s_", k, v.Name)
		case dev != nil:
			p("  call forocl_read(%s, %s)", id("d_", k, v.Name), val)
		}
		p("  open(newunit=u, file='out_%s.bin', access='stream', form='unformatted', status='replace', action='write')", name)
		p("  write(u) %s", val)
		p("  close(u)")
	}
	structResultTake(p, k, dev)
	p("end program oracle_driver")
	return b.String()
}

// fixedDims spells the dimension of a result of fixed size, "(2)", or ""
// for a scalar.
func fixedDims(v *abi.Param) string {
	if s := v.ResultShape(); v.Result() && len(s) == 1 {
		return fmt.Sprintf("(%d)", s[0])
	}
	return ""
}

// maxName is the longest Fortran name (F2003 and later).
const maxName = 63

// calleeAlias is the local name the drivers give the kernel's procedure
// when a module holds it, so that no driver variable can clash with it.
const calleeAlias = "oracle_kernel"

// useKernel writes the driver's USE statements and returns the name to
// call the kernel by.
func useKernel(p func(string, ...any), k *abi.Kernel, dev *Device) string {
	switch {
	case dev != nil:
		p("  use forocl_cl")
		p("  use %s, only: %s => %s", dev.Module, calleeAlias, dev.Proc)
	case k.Module != "":
		p("  use %s, only: %s => %s", k.Module, calleeAlias, k.Name)
	default:
		return k.Name
	}
	return calleeAlias
}

// id is the driver's variable for dummy name of k: prefix and the lower-case
// name, or, where that is longer than Fortran allows, prefix, "_" and the
// dummy's position. No dummy name starts with "_", so the two never clash.
func id(prefix string, k *abi.Kernel, name string) string {
	low := strings.ToLower(name)
	if abi.IsComponent(low) {
		low = abi.ComponentIdent(low) // Note [component names]
	}
	if len(prefix)+len(low) <= maxName {
		return prefix + low
	}
	for i := range k.Params {
		if strings.EqualFold(k.Params[i].Name, name) {
			return fmt.Sprintf("%s_%d", prefix, i+1)
		}
	}
	panic("oracle: no dummy " + name) // unreachable: callers pass k's own dummies
}

// maxLine is the longest free-form line gfortran accepts by default.
const maxLine = 132

// wrapSource breaks every line of src (lines ending in newlines) longer
// than maxLine with free-form continuations.
func wrapSource(src string) string {
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSuffix(src, "\n"), "\n") {
		for _, l := range wrapLine(line, maxLine) {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// wrapLine splits one free-form line into lines of at most limit columns:
// after a comma outside character literals where one fits, else anywhere,
// each continuation line starting with "&", which continues a name or a
// character literal exactly where the line broke.
func wrapLine(line string, limit int) []string {
	if len(line) <= limit {
		return []string{line}
	}
	indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
	if len(indent) > limit/4 {
		indent = ""
	}
	cont := indent + "    &"
	var out []string
	head := ""     // what the current output line starts with
	rest := line   // what remains of the statement
	var quote byte // the delimiter of the character literal rest starts in, or 0
	scan := func(q byte, c byte) byte {
		switch {
		case q != 0 && c == q:
			return 0
		case q == 0 && (c == '\'' || c == '"'):
			return c
		}
		return q
	}
	for len(head)+len(rest) > limit {
		room := limit - len(head) - 1 // the trailing "&"
		// The last comma outside character literals that leaves room for " &".
		cut := -1
		q := quote
		for i := 0; i < len(rest) && i < room-1; i++ {
			if q == 0 && rest[i] == ',' {
				cut = i + 1
			}
			q = scan(q, rest[i])
		}
		if cut > 0 {
			out = append(out, head+rest[:cut]+" &")
			head, rest, quote = cont+" ", strings.TrimLeft(rest[cut:], " "), 0
			continue
		}
		// No comma fits: break anywhere.
		for i := 0; i < room; i++ {
			quote = scan(quote, rest[i])
		}
		out = append(out, head+rest[:room]+"&")
		head, rest = cont, rest[room:]
	}
	return append(out, head+rest)
}

// callStmt is the driver's statement that runs kernel k through callee
// with the actual arguments args: a call, or, for an array-valued function
// run serially (abi.Kernel.Function), an assignment of the function's
// value to its last argument.
func callStmt(k *abi.Kernel, dev *Device, callee string, args []string) string {
	if k.Function && dev == nil && len(args) > 0 {
		last := len(args) - 1
		return fmt.Sprintf("%s = %s(%s)", args[last], callee, strings.Join(args[:last], ", "))
	}
	return fmt.Sprintf("call %s(%s)", callee, strings.Join(args, ", "))
}

// needsMPI reports whether gfortran's output says the build needs MPI:
// its module files (use mpi, use mpi_f08) or its library.
func needsMPI(out string) bool {
	out = strings.ToLower(out)
	return strings.Contains(out, "undefined reference to `mpi_") || strings.Contains(out, "undefined reference to `ompi_") ||
		strings.Contains(out, "module file 'mpi") || strings.Contains(out, "module file ‘mpi")
}

// mpiFlags asks Open MPI's Fortran wrapper for its compile flags (the
// folder of mpi.mod and mpi_f08.mod) and link flags; ok is false when
// there is no mpif90.
func mpiFlags() (compile, link []string, ok bool) {
	showme := func(what string) ([]string, error) {
		out, err := exec.Command("mpif90", "--showme:"+what).Output()
		return strings.Fields(string(out)), err
	}
	compile, err := showme("compile")
	if err != nil {
		return nil, nil, false
	}
	link, err = showme("link")
	return compile, link, err == nil
}
