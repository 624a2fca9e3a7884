package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// dirsOf returns the OpenMP/OpenACC directives at the top level of the
// first unit of name's source, each as "api word(arg)@line:col ...", the
// clause positions included, and the diagnostics.
func dirsOf(t *testing.T, name, src string) ([]string, diag.List) {
	t.Helper()
	f, d, _ := ParseFile(name, []byte(src), Options{})
	var out []string
	if f == nil || len(f.Units) == 0 {
		return nil, d
	}
	for _, s := range f.Units[0].(*ast.Subprogram).Body {
		ld, ok := s.(*ast.LoopDirective)
		if !ok {
			continue
		}
		w := []string{fmt.Sprintf("%s@%d", ld.API, ld.Pos.Start.Line)}
		for _, c := range ld.Clauses {
			x := c.Name
			if c.HasArg {
				x += "(" + c.Arg + ")"
			}
			x += fmt.Sprintf("@%d:%d", c.Pos.Start.Line, c.Pos.Start.Col)
			for _, a := range c.Args {
				x += fmt.Sprintf(",%s@%d:%d", a.Name, a.Pos.Start.Line, a.Pos.Start.Col)
			}
			w = append(w, x)
		}
		out = append(out, strings.Join(w, " "))
	}
	return out, d
}

// TestContinuedDirectives: free-form directive lines continued with "&"
// in every form the OpenMP and OpenACC specifications allow are joined
// into one directive, and each clause and name keeps its own line and
// column (Note [continued directives]).
func TestContinuedDirectives(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"!$OMP DO PRIVATE(a,b, &\n!$OMP c,d)\n",
			"omp@2 do@2:7 private(a,b, c,d)@2:10,a@2:18,b@2:20,c@3:7,d@3:9"},
		{"  !$omp parallel do &\n  !$omp& private(a) &   ! why\n\n  ! a comment line\n  !$omp &  reduction(+:s)\n",
			"omp@2 parallel@2:9 do@2:18 private(a)@3:10,a@3:18 reduction(+:s)@6:12"},
		{"!$acc parallel loop priv&\n!$acc&ate(a)\n",
			"acc@2 parallel@2:7 loop@2:16 private(a)@2:21,a@3:11"},
		{"!$omp do\n!$acc loop\n", "omp@2 do@2:7|acc@3 loop@3:7"},
	} {
		src := "subroutine s(a, b, c, d, s)\n" + tc.body + "end subroutine\n"
		got, d := dirsOf(t, "t.f90", src)
		if len(d.Items) > 0 {
			t.Errorf("%q: unexpected diagnostics %v", tc.body, d.Items)
		}
		if g := strings.Join(got, "|"); g != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.body, g, tc.want)
		}
	}
}

// TestFixedFormDirectives: C$OMP, *$OMP, !$OMP and the $ACC forms in
// columns 1-5 are directives in fixed form; a character other than blank
// or zero in column 6 continues the directive before. Before, they were
// comments, and a REDUCTION clause on them was lost in silence.
func TestFixedFormDirectives(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"C$OMP PARALLEL DO\nC$OMP&REDUCTION(+:S)\n",
			"omp@2 parallel@2:7 do@2:16 reduction(+:S)@3:7"},
		{"*$omp0parallel do private(\n!$OMP1  S)\nc$omp end parallel do\n",
			"omp@2 parallel@2:7 do@2:16 private(S)@2:19,s@3:9|omp@4 end@4:7 parallel@4:11 do@4:20"},
		{"C$ACC KERNELS ! not a clause\nC     a comment between\n*$ACC+ LOOP\n",
			"acc@2 kernels@2:7 loop@4:8"},
		{fmt.Sprintf("%-72sIGNORED\n", "C$OMP PARALLEL DO PRIVATE(I)"),
			"omp@2 parallel@2:7 do@2:16 private(I)@2:19,i@2:27"},
	} {
		src := "      SUBROUTINE S(S, I)\n" + tc.body + "      END\n"
		got, d := dirsOf(t, "t.f", src)
		if len(d.Items) > 0 {
			t.Errorf("%q: unexpected diagnostics %v", tc.body, d.Items)
		}
		if g := strings.Join(got, "|"); g != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.body, g, tc.want)
		}
	}
}

// TestDirectiveLineErrors: a directive whose continuation never comes, a
// directive inside a continued statement, an unclosed clause over several
// lines and a continuation with no directive before it are errors at the
// right line; an indented fixed-form sentinel is a comment with a warning.
func TestDirectiveLineErrors(t *testing.T) {
	for _, tc := range []struct{ name, body, code, at string }{
		{"t.f90", "!$omp do private(a, &\n  x = 1\n", "directive-continuation", "2:21"},
		{"t.f90", "!$omp do private(a, &\n", "directive-continuation", "2:21"},
		{"t.f90", "!$omp do private(a, &\n!$acc loop\n", "directive-continuation", "2:21"},
		{"t.f90", "x = 1 + &\n!$omp barrier\n 2\n", "directive-in-statement", "3:1"},
		{"t.f90", "!$omp do private(a, &\n!$omp b) reduction(+: &\n!$omp x\n", "loop-directive-syntax", "3:19"},
		{"t.f", "C$OMP&PRIVATE(A)\n", "directive-continuation", "2:6"},
		{"t.f", "      X = 1\nC$OMP&PRIVATE(A)\n", "directive-continuation", "3:6"},
		{"t.f", "      !$omp parallel do\n", "directive-not-column-1", "2:7"},
	} {
		src := "subroutine s(a, b, c, d, x)\n" + tc.body + "end subroutine\n"
		if tc.name == "t.f" {
			src = "      SUBROUTINE S(A, X)\n" + tc.body + "      END\n"
		}
		_, d := dirsOf(t, tc.name, src)
		found := false
		for _, it := range d.Items {
			if string(it.Code) == tc.code {
				found = true
				if at := fmt.Sprintf("%d:%d", it.Span.Start.Line, it.Span.Start.Col); at != tc.at {
					t.Errorf("%q: %s at %s, want %s", tc.body, tc.code, at, tc.at)
				}
			}
		}
		if !found {
			t.Errorf("%q: no %s among %v", tc.body, tc.code, d.Items)
		}
	}
}
