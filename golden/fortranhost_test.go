package golden

// Tests of the Fortran host (hostgen.FortranHost with the runtime module
// fortran/forocl_cl.f90): the generated module of every corpus file is
// pinned in a golden file, and every corpus kernel runs on PoCL through a
// Fortran driver program (the oracle's device mode) and is compared with
// gfortran's serial run and, bit for bit, with the Go runner.

import (
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/sebdah/goldie/v2"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/clhost"
	"github.com/forocl/forocl/hostgen"
	"github.com/forocl/forocl/internal/cltest"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/runner"
)

// runtimeModule is the Fortran host runtime.
const runtimeModule = "../fortran/forocl_cl.f90"

func TestGoldenFortranHost(t *testing.T) {
	g := goldie.New(t, goldie.WithFixtureDir("testdata/fortran"), goldie.WithNameSuffix(".f90.golden"))
	for _, f := range corpus(t) {
		c := compile(t, f)
		src, err := hostgen.FortranHost(c.units[regions.Direct], stem(f))
		if err != nil {
			t.Fatal(err)
		}
		g.Assert(t, hostgen.FortranModuleName(stem(f)), src)
	}
}

// TestFortranHostSource checks that the embedded OpenCL source, as the
// generated Fortran builds it, is the .cl byte for byte (so the program
// cache entry is shared with the Go host), that no line passes the 132
// characters Fortran allows, and that the ABI read back from JSON gives
// the same module.
func TestFortranHostSource(t *testing.T) {
	for _, f := range corpus(t) {
		u := compile(t, f).units[regions.Direct]
		src, err := hostgen.FortranHost(u, stem(f))
		if err != nil {
			t.Fatal(err)
		}
		for i, ln := range strings.Split(string(src), "\n") {
			if len(ln) > 132 {
				t.Errorf("%s: line %d has %d characters, Fortran allows 132", f, i+1, len(ln))
			}
		}
		if got := evalSource(t, string(src)); got != u.Source {
			t.Errorf("%s: the embedded source differs from the .cl (%d bytes, want %d)", f, len(got), len(u.Source))
		}
		// The ABI's JSON (forocl build --abi) is all the emitter needs.
		back, err := hostgen.FortranHost(roundTrip(t, u), stem(f))
		if err != nil || string(back) != string(src) {
			t.Errorf("%s: the module from the ABI's JSON differs (%v)", f, err)
		}
	}
}

// evalSource interprets the statements of fcl_source (s = s // pieces),
// the only Fortran the emitter writes for the source.
func evalSource(t *testing.T, src string) string {
	t.Helper()
	body := src[strings.Index(src, "function fcl_source()"):]
	body = strings.ReplaceAll(body, "&\n", "")
	var out strings.Builder
	for _, ln := range strings.Split(body, "\n") {
		ln = strings.TrimSpace(ln)
		if !strings.HasPrefix(ln, "s = s // ") {
			continue
		}
		rest := strings.TrimPrefix(ln, "s = s // ")
		for rest != "" {
			rest = strings.TrimLeft(rest, " ")
			switch {
			case strings.HasPrefix(rest, "//"):
				rest = rest[2:]
			case strings.HasPrefix(rest, "nl"):
				out.WriteByte('\n')
				rest = rest[2:]
			case strings.HasPrefix(rest, "'"):
				i := 1
				for ; i < len(rest); i++ {
					if rest[i] == '\'' {
						if i+1 < len(rest) && rest[i+1] == '\'' {
							out.WriteByte('\'')
							i++
							continue
						}
						break
					}
					out.WriteByte(rest[i])
				}
				rest = rest[i+1:]
			case strings.HasPrefix(rest, "achar("):
				end := strings.Index(rest, ")")
				code, err := strconv.Atoi(rest[len("achar("):end])
				if err != nil {
					t.Fatalf("bad piece in %q", ln)
				}
				out.WriteByte(byte(code))
				rest = rest[end+1:]
			default:
				t.Fatalf("unexpected text %q in %q", rest, ln)
			}
		}
	}
	return out.String()
}

// fortranRuntime compiles forocl_cl.f90 once per test binary: the object
// file and the directory holding forocl_cl.mod.
var fortranRuntime = struct {
	once     sync.Once
	obj, dir string
	err      error
}{}

func runtimeObject(t *testing.T) (obj, dir string) {
	t.Helper()
	cltest.Gfortran(t)
	fortranRuntime.once.Do(func() {
		dir, err := os.MkdirTemp("", "forocl-fortran-runtime")
		if err != nil {
			fortranRuntime.err = err
			return
		}
		obj := filepath.Join(dir, "forocl_cl.o")
		out, err := exec.Command("gfortran", "-std=f2008", "-Wall", "-Werror", "-O2", "-c", "-J", dir, "-o", obj, runtimeModule).CombinedOutput()
		if err != nil {
			fortranRuntime.err = fmt.Errorf("gfortran %s: %v\n%s", runtimeModule, err, out)
			return
		}
		fortranRuntime.obj, fortranRuntime.dir = obj, dir
	})
	if fortranRuntime.err != nil {
		t.Fatal(fortranRuntime.err)
	}
	return fortranRuntime.obj, fortranRuntime.dir
}

// hostModule writes and compiles the Fortran host module of unit u into
// fortranHost builds kernel k of unit u, whose source file's stem is
// stem, through the Fortran host: the oracle's device driver calling the
// generated module, which runs on the test device.
func fortranHost(t *testing.T, u *abi.Unit, k *abi.Kernel, stem string) *oracle.Exe {
	t.Helper()
	robj, rdir := runtimeObject(t)
	mdir := t.TempDir()
	mobj := hostModule(t, u, stem, mdir)
	dev, err := oracle.BuildDevice(k, oracle.Device{
		Module:  hostgen.FortranModule(u, stem),
		Proc:    hostgen.FortranProcName(k.Name),
		Include: []string{rdir, mdir},
		Link:    oracle.OpenCLLink(),
		Env:     []string{"FOROCL_DEVICE=" + testDevice()},
	}, []string{robj, mobj}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return dev
}

// dir; it returns the object file.
func hostModule(t *testing.T, u *abi.Unit, stem, dir string) string {
	t.Helper()
	_, rdir := runtimeObject(t)
	src, err := hostgen.FortranHost(u, stem)
	if err != nil {
		t.Fatal(err)
	}
	mod := hostgen.FortranModuleName(stem)
	path := filepath.Join(dir, mod+".f90")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	obj := filepath.Join(dir, mod+".o")
	out, err := exec.Command("gfortran", "-std=f2008", "-Wall", "-Werror", "-O2", "-c", "-I", rdir, "-J", dir, "-o", obj, path).CombinedOutput()
	if err != nil {
		t.Fatalf("gfortran %s: %v\n%s", path, err, out)
	}
	return obj
}

// moduleObjects compiles sources into dir, their .mod files there for
// the host module, when a kernel of u takes module variables (Note
// [module variables] in sema/modvars.go: the host module uses their
// module), and returns the object files; nil otherwise.
func moduleObjects(t *testing.T, u *abi.Unit, sources []string, dir string) []string {
	t.Helper()
	uses := false
	for _, k := range u.Kernels {
		for _, p := range k.Params {
			uses = uses || p.Module != ""
		}
	}
	if !uses {
		return nil
	}
	var objs []string
	for i, src := range sources {
		obj := filepath.Join(dir, fmt.Sprintf("source%d.o", i+1))
		out, err := exec.Command("gfortran", "-O2", "-c", "-J", dir, "-o", obj, src).CombinedOutput()
		if err != nil {
			t.Fatalf("gfortran %s: %v\n%s", src, err, out)
		}
		objs = append(objs, obj)
	}
	return objs
}

// testDevice is the device the Fortran programs run on: FOROCL_DEVICE,
// else PoCL, as for the Go tests.
func testDevice() string {
	if d := os.Getenv("FOROCL_DEVICE"); d != "" {
		return d
	}
	return "pocl"
}

// TestFortranHostNumeric runs every corpus kernel on the device from a
// Fortran driver program that calls it through the generated module, for
// the direct schedule and the GPU-tuned one (blocks of positions per
// work-item) where it differs, on two awkward grids; every output element must agree with
// gfortran's serial run within the numeric tier's tolerance and be
// bit-identical with the Go runner's launch of the same unit.
func TestFortranHostNumeric(t *testing.T) {
	ctx := device(t)
	robj, rdir := runtimeObject(t)
	for _, f := range corpus(t) {
		t.Run(stem(f), func(t *testing.T) {
			t.Parallel() // Note [parallel tests]
			fortranHostFile(t, ctx, robj, rdir, f)
		})
	}
}

// fortranHostFile is TestFortranHostNumeric on the kernels of corpus file
// f; robj and rdir are the runtime module's object file and folder.
func fortranHostFile(t *testing.T, ctx *clhost.Context, robj, rdir, f string) {
	comp := compile(t, f)
	rules, err := oracle.InputRules(f) // Note [test inputs]
	if err != nil {
		t.Fatal(err)
	}
	// The GPU-tuned unit runs only where its schedule differs.
	variants := []string{"direct"}
	units := map[string]*abi.Unit{"direct": comp.units[regions.Direct], "gpu-tuned": comp.coarse["gpu-tuned"]}
	if units["gpu-tuned"].Source != units["direct"].Source {
		variants = append(variants, "gpu-tuned")
	}
	modules := map[string][2]string{} // variant: object file, directory
	var used []string                 // the objects of the modules whose variables kernels take
	for _, v := range variants {
		dir := t.TempDir()
		used = moduleObjects(t, units[v], []string{regionsModule, f}, dir)
		modules[v] = [2]string{hostModule(t, units[v], stem(f), dir), dir}
	}
	for ki, k := range units["direct"].Kernels {
		t.Run(k.Name, func(t *testing.T) {
			serial, err := oracle.Build(k, []string{regionsModule, f}, t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range variants {
				u := units[v]
				dev, err := oracle.BuildDevice(u.Kernels[ki], oracle.Device{
					Module:  hostgen.FortranModule(u, stem(f)),
					Proc:    hostgen.FortranProcName(k.Name),
					Include: []string{rdir, modules[v][1]},
					Link:    oracle.OpenCLLink(),
					Env:     []string{"FOROCL_DEVICE=" + testDevice()},
				}, append(append([]string{robj}, used...), modules[v][0]), t.TempDir())
				if err != nil {
					t.Fatal(err)
				}
				for gi, shape := range grids(k) {
					rng := rand.New(rand.NewSource(int64(1000*ki + gi + 7)))
					scalars, arrays, err := numericInputs(rng, k, gi, shape, sizeOverrides[stem(f)], rules)
					if err != nil {
						t.Fatal(err)
					}
					serial.Chars = charInputs(rng, k) // Note [host characters] in ir/chars.go
					dev.Chars = serial.Chars
					want, err := serial.Run(scalars, arrays)
					if err != nil {
						t.Fatal(err)
					}
					got, err := dev.Run(scalars, arrays)
					if err != nil {
						t.Fatalf("%s %v: %v", v, shape, err)
					}
					what := fmt.Sprintf("fortran host, %s, %v", v, shape)
					compareOutputs(t, what, k, want, got, arrays)
					compareChars(t, what, k, serial.CharsOut, dev.CharsOut)
					gor, err := runner.Run(ctx, runner.Job{Unit: u, Kernel: u.Kernels[ki], Scalars: scalars, Chars: serial.Chars, Arrays: arrays})
					if err != nil {
						t.Fatal(err)
					}
					for _, p := range k.Outputs() {
						name := strings.ToLower(p.Name)
						if i := firstDiff(got[name], gor.Outputs[name]); i >= 0 {
							t.Errorf("%s: %q differs from the Go runner at flat index %d: fortran %g, go %g",
								what, p.Name, i, oracle.Value(got[name], i), oracle.Value(gor.Outputs[name], i))
						}
					}
				}
			}
		})
	}
}

// firstDiff is the first flat index where a and b differ bit for bit
// (NaNs of the same bits are equal), or -1.
func firstDiff(a, b *npy.Array) int {
	if a == nil || b == nil || a.Len() != b.Len() {
		return 0
	}
	for i := 0; i < a.Len(); i++ {
		switch {
		case a.F32 != nil:
			if math.Float32bits(a.F32[i]) != math.Float32bits(b.F32[i]) {
				return i
			}
		case a.F64 != nil:
			if math.Float64bits(a.F64[i]) != math.Float64bits(b.F64[i]) {
				return i
			}
		case a.I64 != nil:
			if b.I64 == nil || a.I64[i] != b.I64[i] {
				return i
			}
		default:
			if a.I32[i] != b.I32[i] {
				return i
			}
		}
	}
	return -1
}

// loopUnit reports whether u holds loop kernels (a corpus file holds
// either loop kernels or region kernels).
func loopUnit(u *abi.Unit) bool { return len(u.Kernels) > 0 && loopKernel(u.Kernels[0]) }
