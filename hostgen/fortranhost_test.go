package hostgen

import (
	"strconv"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
)

// hostUnit is a one-kernel unit with the given OpenCL source.
func hostUnit(name string, params []abi.Param, source string) *abi.Unit {
	k := &abi.Kernel{Name: name, File: "t.f90", Rank: 1, Sizes: []abi.Size{{Name: "n1"}}, Params: params}
	l := &abi.Launch{Symbol: name, Local: []int{64}, Global: []abi.Range{{Positions: abi.SizeMinus("n1", 1), Per: 1}}}
	for _, p := range params {
		l.Args = append(l.Args, abi.Arg{Kind: abi.ParamArg, Name: p.Name})
	}
	l.Args = append(l.Args, abi.Arg{Kind: abi.SizeArg, Name: "n1"})
	k.Launches = []*abi.Launch{l}
	return &abi.Unit{Format: abi.FormatVersion, Version: "test", OpenCL: "t.cl", Kernels: []*abi.Kernel{k}, Source: source}
}

var oneArray = []abi.Param{{Name: "a", Kind: abi.Real4, Intent: abi.In, Array: true, Shape: []abi.Affine{abi.SizeMinus("n1", 0)}}}

// decodeSource evaluates the statements of fcl_source: s = s // pieces,
// where a piece is a quoted literal, achar(N) or nl.
func decodeSource(t *testing.T, src string) string {
	t.Helper()
	body := src[strings.Index(src, "function fcl_source()"):]
	var out strings.Builder
	for _, stmt := range strings.Split(strings.ReplaceAll(body, "&\n", ""), "\n") {
		rest, ok := strings.CutPrefix(strings.TrimSpace(stmt), "s = s // ")
		if !ok {
			continue
		}
		for rest != "" {
			rest = strings.TrimLeft(rest, " ")
			switch {
			case strings.HasPrefix(rest, "//"):
				rest = rest[2:]
			case strings.HasPrefix(rest, "nl"):
				out.WriteByte('\n')
				rest = rest[2:]
			case strings.HasPrefix(rest, "achar("):
				end := strings.Index(rest, ")")
				n, err := strconv.Atoi(rest[len("achar("):end])
				if err != nil {
					t.Fatalf("bad achar in %q", stmt)
				}
				out.WriteByte(byte(n))
				rest = rest[end+1:]
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
			default:
				t.Fatalf("unexpected %q in %q", rest, stmt)
			}
		}
	}
	return out.String()
}

// TestFortranHostAwkwardSource: quotes, tabs, bytes outside ASCII, an
// empty line, a line far longer than 255 continuation lines can hold and
// a missing final newline all come back byte for byte, and no line of the
// module passes 132 characters nor a statement 255 continuation lines.
func TestFortranHostAwkwardSource(t *testing.T) {
	long := strings.Repeat("x'", 20000)
	source := "// it's\t\"quoted\"\n\n" + long + "\nnon-ASCII: \xc3\xa9\n" + strings.Repeat("'", 300) + "\nlast line"
	src, err := FortranHost(hostUnit("k", oneArray, source), "t")
	if err != nil {
		t.Fatal(err)
	}
	if got := decodeSource(t, string(src)); got != source {
		t.Fatalf("the embedded source differs from the input (%d bytes, want %d)", len(got), len(source))
	}
	cont := 0
	for i, ln := range strings.Split(string(src), "\n") {
		if len(ln) > 132 {
			t.Errorf("line %d has %d characters", i+1, len(ln))
		}
		if strings.HasSuffix(ln, "&") {
			cont++
			if cont > 255 {
				t.Fatalf("line %d: a statement with more than 255 continuation lines", i+1)
			}
		} else {
			cont = 0
		}
	}
}

func TestFortranModuleName(t *testing.T) {
	for in, want := range map[string]string{
		"wave":      "wave_cl",
		"Wave_DP":   "wave_dp_cl",
		"1x":        "f_1x_cl",
		"my-kernel": "my_kernel_cl",
		"_x":        "f_x_cl",
	} {
		if got := FortranModuleName(in); got != want {
			t.Errorf("FortranModuleName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestFortranHostRefuses: names the generated code cannot take are
// errors that say what to rename, never broken Fortran.
func TestFortranHostRefuses(t *testing.T) {
	for _, c := range []struct {
		name   string
		params []abi.Param
		stem   string
		want   string
	}{
		{"k", append([]abi.Param{{Name: "fcl_n1", Kind: abi.Int, Intent: abi.In}}, oneArray...), "t",
			`kernel "k": dummy "fcl_n1" collides with a name of the Fortran host (names starting with fcl_ or forocl_, and the procedure k_cl); rename it`},
		{"k", append([]abi.Param{{Name: "Forocl_x", Kind: abi.Int, Intent: abi.In}}, oneArray...), "t",
			`kernel "k": dummy "Forocl_x" collides with a name of the Fortran host`},
		{"k", append([]abi.Param{{Name: "k_cl", Kind: abi.Int, Intent: abi.In}}, oneArray...), "t",
			`kernel "k": dummy "k_cl" collides with a name of the Fortran host`},
		{strings.Repeat("k", 62), oneArray, "t",
			`its Fortran host procedure "` + strings.Repeat("k", 62) + `_cl" is longer than 63 characters`},
		{"k", oneArray, strings.Repeat("s", 61),
			`the Fortran host module name "` + strings.Repeat("s", 61) + `_cl" is longer than 63 characters; rename the source file`},
		{"k", []abi.Param{{Name: "q", Kind: abi.Real4, Intent: abi.In, Array: true, Shape: []abi.Affine{{Const: 2}, {Const: 2}, {Const: 2}, abi.SizeMinus("n1", 0)}}}, "t",
			`kernel "k": array "q" has rank 4; the Fortran host moves arrays of rank 1 to 3`},
		{"k", append([]abi.Param{{Name: "on", Kind: abi.Logical, Intent: abi.In, Array: true, Shape: []abi.Affine{{Const: 4}}, Module: "flags"}}, oneArray...), "t",
			`kernel "k": logical module array "on" cannot be copied to the device by the Fortran host`},
	} {
		_, err := FortranHost(hostUnit(c.name, c.params, "x\n"), c.stem)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

// TestFortranModuleOfKernelNamedAsFile: kernel t in t.f90 makes procedure
// t_cl, so the module takes t_cl_mod (a module and its procedure cannot
// share a name); gfortran compiles it in the golden tests' hosts.
func TestFortranModuleOfKernelNamedAsFile(t *testing.T) {
	u := hostUnit("t", oneArray, "x\n")
	if got := FortranModule(u, "t"); got != "t_cl_mod" {
		t.Errorf("FortranModule = %q, want t_cl_mod", got)
	}
	src, err := FortranHost(u, "t")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "module t_cl_mod") || !strings.Contains(string(src), "subroutine t_cl(") {
		t.Errorf("want module t_cl_mod with subroutine t_cl:\n%s", src)
	}
	if got := FortranModule(hostUnit("k", oneArray, "x\n"), "t"); got != "t_cl" {
		t.Errorf("FortranModule = %q, want t_cl", got)
	}
}
