package parser

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/forocl/forocl/diag"
)

// limitCase is one input that once made the preprocessor run out of memory
// or time (issue 20, item 19), and the one error it must give now.
type limitCase struct {
	name  string
	files map[string]string // written to a temporary folder; "main.F90" is parsed
	want  string            // part of the one error, "DIR/" standing for the folder; "": none
}

// limitCases builds the cases of issue 20's item 19 and the other limits of
// Note [preprocessor limits].
func limitCases() []limitCase {
	chain := map[string]string{"main.F90": "#include \"c1.h\"\n#include \"c1.h\"\n"}
	for i := 1; i < 30; i++ {
		chain[fmt.Sprintf("c%d.h", i)] = fmt.Sprintf("! level %d\n#include \"c%d.h\"\n#include \"c%d.h\"\n", i, i+1, i+1)
	}
	chain["c30.h"] = "x = 1\n"
	var big strings.Builder
	big.WriteString("#define BIG ")
	for big.Len() < 850_000 {
		big.WriteString("x+")
	}
	big.WriteString("x\nsubroutine s(x)\n")
	for i := 0; i < 2000; i++ {
		big.WriteString("  y = BIG\n")
	}
	big.WriteString("end subroutine\n")
	// F drops its argument after expanding it: A9 costs 10^9 uses of E and
	// expands to nothing.
	nested := "#define F(x)\n#define E\n#define A0 F(E E E E E E E E E E)\n"
	for i := 1; i < 10; i++ {
		nested += fmt.Sprintf("#define A%d F(A%d A%d A%d A%d A%d A%d A%d A%d A%d A%d)\n", i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	nested += "x = A9\n"
	var deep strings.Builder
	for i := 0; i < 200_000; i++ {
		fmt.Fprintf(&deep, "#define M%d M%d\n", i, i+1)
	}
	deep.WriteString("x = M0\n")
	cont := "#define LONG 1 \\\n" + strings.Repeat("+ 1 \\\n", 1_000_000) + "\nsubroutine s\nend subroutine\n"
	return []limitCase{
		{name: "million-continuations", files: map[string]string{"main.F90": cont},
			want: ""}, // no error, read in seconds (joining the lines once copied the directive at each)
		{name: "self-include-twice", files: map[string]string{"main.F90": "#include \"main.F90\"\n#include \"main.F90\"\n"},
			want: `DIR/main.F90:1:1: error: #include nested more than 40 deep; forocl stops preprocessing [cpp-include-too-deep]`},
		{name: "chain-each-twice", files: chain, want: `error: the preprocessed file grows past 16 MiB here (#include "c`},
		{name: "pagemap", files: map[string]string{"main.F90": "#include \"/proc/self/pagemap\"\n"},
			want: `DIR/main.F90:1:10: error: included file "/proc/self/pagemap" is larger than 16 MiB, the most forocl reads; forocl stops preprocessing [cpp-include-too-large]`},
		{name: "big-macro-2000-uses", files: map[string]string{"main.F90": big.String()},
			want: `DIR/main.F90:21:7: error: the preprocessed file grows past 16 MiB here (macro "BIG" adds 849989 bytes); forocl stops preprocessing [cpp-output-too-large]`},
		{name: "nested-empty-macros", files: map[string]string{"main.F90": nested},
			want: `DIR/main.F90:13:5: error: macro expansion takes more than 134217728 steps; forocl stops preprocessing [cpp-expansion-work]`},
		{name: "macro-chain", files: map[string]string{"main.F90": deep.String()},
			want: `DIR/main.F90:200001:5: error: macro expansion takes more than 134217728 steps; forocl stops preprocessing [cpp-expansion-work]`},
		{name: "dev-zero", files: map[string]string{"main.F90": "#include \"/dev/zero\"\n"},
			want: `DIR/main.F90:1:10: error: included file "/dev/zero" is a character device; forocl stops preprocessing [cpp-include-not-regular]`},
		{name: "fifo", files: map[string]string{"main.F90": "#include \"fifo.h\"\n", "fifo.h": "FIFO"},
			want: `DIR/main.F90:1:10: error: included file "DIR/fifo.h" is a named pipe; forocl stops preprocessing [cpp-include-not-regular]`},
	}
}

// TestCppLimits: each input of limitCases gives its one error, at the
// #include or use that passes the limit, within seconds and a bounded
// amount of memory; before, each ran out of memory, hung or read without
// end.
func TestCppLimits(t *testing.T) {
	for _, c := range limitCases() {
		t.Run(c.name, func(t *testing.T) {
			if c.name == "pagemap" {
				if f, err := os.Open("/proc/self/pagemap"); err != nil {
					t.Skip(err)
				} else {
					f.Close()
				}
			}
			dir := t.TempDir()
			for n, text := range c.files {
				p := filepath.Join(dir, n)
				if text == "FIFO" {
					if err := syscall.Mkfifo(p, 0o600); err != nil {
						t.Skip(err)
					}
					continue
				}
				if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			main := filepath.Join(dir, "main.F90")
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			_, d, inc := ParseFile(main, []byte(c.files["main.F90"]), Options{})
			took := time.Since(start)
			runtime.ReadMemStats(&after)
			if inc == nil {
				inc = diag.Sources{}
			}
			inc[main] = []byte(c.files["main.F90"])
			got := strings.ReplaceAll(d.String(inc), dir, "DIR")
			if c.want == "" && len(d.Items) > 0 || c.want != "" && (len(d.Items) != 1 || !strings.Contains(got, c.want)) {
				t.Errorf("want one error containing\n%s\ngot:\n%s", c.want, got)
			}
			if took > 20*time.Second {
				t.Errorf("took %v", took)
			}
			if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<30 {
				t.Errorf("allocated %d MiB", alloc>>20)
			}
			t.Logf("%v, %d MiB allocated", took, (after.TotalAlloc-before.TotalAlloc)>>20)
		})
	}
}
