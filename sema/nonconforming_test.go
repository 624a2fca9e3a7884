package sema

import (
	"strings"
	"testing"
)

// TestLoopBlockNesting: the if, do and select case blocks of a loop
// kernel count against maxIfDepth in every form: ifs inside a nest, ifs
// around nests (their guards), sequential loops and select case (issue 20:
// a 300-deep nest passed check and failed in PoCL's compiler).
func TestLoopBlockNesting(t *testing.T) {
	deep := func(n int, open, close string) string {
		var b strings.Builder
		for d := 0; d < n; d++ {
			b.WriteString(strings.ReplaceAll(open, "D", string(rune('0'+d%10))) + "\n")
		}
		b.WriteString("b(i) = 1.0\n")
		b.WriteString(strings.Repeat(close+"\n", n))
		return b.String()
	}
	inNest := func(s string) string { return "do concurrent (i = 1:n)\nb(i) = 0.0\n" + s + "end do\n" }
	rows := []struct{ name, body string }{
		{"if in a nest", inNest(deep(300, "if (a(i) > D.0) then", "end if"))},
		{"select case in a nest", inNest(deep(300, "select case (j + D)\ncase (1)", "end select"))},
		{"sequential loops in a nest", inNest(deep(300, "do r = 1, D", "end do"))},
		{"ifs around a nest", deep(300, "if (n > D) then", "end if")},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			body := r.body
			if r.name == "ifs around a nest" {
				body = strings.Replace(body, "b(i) = 1.0\n", inNest(""), 1)
			}
			_, list, text := checkSrc(t, loopKern("real :: a(n), b(n), c(1)", body))
			if !list.HasErrors() || !strings.Contains(text, "blocks nest 65 deep here; forocl allows at most 64 [if-nesting]") {
				t.Fatalf("no if-nesting error:\n%s", text)
			}
			if n := strings.Count(text, "[if-nesting]"); n != 1 {
				t.Errorf("%d nesting errors, want 1", n)
			}
		})
	}
	// 64 is fine
	_, list, text := checkSrc(t, loopKern("real :: a(n), b(n), c(1)", inNest(deep(maxIfDepth-1, "if (a(i) > D.0) then", "end if"))))
	if strings.Contains(text, "if-nesting") || list.HasErrors() {
		t.Errorf("64 nested blocks refused:\n%s", text)
	}
}

// TestConcurrentDependences: Note [do concurrent dependences]. Rows give
// the code of the warning expected ("" for none) and a piece of its text.
func TestConcurrentDependences(t *testing.T) {
	rows := []struct{ name, decls, body, code, text string }{
		{"recurrence", "real :: a(n), b(n), c(1)", "do concurrent (i = 2:n)\n  a(i) = a(i-1) + 1\nend do",
			"concurrent-dependence", `"a" is written as a(i) at 9:3 and read as a(i - 1) here: iterations 1 apart along "i"`},
		{"read ahead", "real :: a(n), b(n), c(1)", "do concurrent (i = 1:n-1)\n  a(i) = a(i+1)\nend do",
			"concurrent-dependence", `read as a(i + 1)`},
		{"two writes", "real :: a(n), b(n), c(1)", "do concurrent (i = 1:n-1)\n  a(i) = 0\n  a(i+1) = 1\nend do",
			"concurrent-dependence", `written as a(i + 1) here`},
		{"along the second index", "real :: a(n, m), b(n), c(1)", "do concurrent (j = 2:m, i = 1:n)\n  a(i, j) = a(i, j-2)\nend do",
			"concurrent-dependence", `iterations 2 apart along "j"`},
		{"histogram", "real :: a(n), b(n)\ninteger :: c(n)", "do concurrent (i = 1:n)\n  b(c(i)) = b(c(i)) + 1\nend do",
			"concurrent-update", `"b" is read and written through the computed subscript b(c(i))`},
		// no warning
		{"same element", "real :: a(n), b(n), c(1)", "do concurrent (i = 1:n)\n  a(i) = a(i) + 1\nend do", "", ""},
		{"sequential variable", "real :: a(n, m), b(n), c(1)", "do concurrent (i = 1:n)\n  do j = 2, m\n    a(i, j) = a(i, j-1)\n  end do\nend do", "", ""},
		{"odd and even", "real :: a(2*n), b(n), c(1)", "do concurrent (i = 1:n)\n  a(2*i) = a(2*i-1)\nend do", "", ""},
		{"one iteration", "real :: a(n), b(n), c(1)", "do concurrent (i = 2:2)\n  a(i) = a(i-1)\nend do", "", ""},
		{"mirror halo", "real :: a(0:n+1), b(n), c(1)", "do concurrent (i = 1:1)\n  a(1-i) = a(i)\nend do", "", ""},
		{"scatter", "real :: a(n), b(n)\ninteger :: c(n)", "do concurrent (i = 1:n)\n  b(c(i)) = a(i)\nend do", "", ""},
		{"histogram per column", "real :: a(n), b(n, m)\ninteger :: c(n)", "do concurrent (j = 1:m)\n  do i = 1, n\n    b(c(i), j) = b(c(i), j) + 1\n  end do\nend do", "", ""},
		{"omp recurrence runs serially", "real :: a(n), b(n), c(1)", "!$omp parallel do\ndo i = 2, n\n  a(i) = a(i-1) + 1\nend do", "", ""},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			_, list, text := checkSrc(t, loopKern(r.decls, r.body))
			if list.HasErrors() != strings.HasSuffix(r.name, "is an error") {
				t.Fatalf("errors:\n%s", text)
			}
			for _, code := range []string{"concurrent-dependence", "concurrent-update"} {
				if got := strings.Count(text, "["+code+"]"); got != map[bool]int{true: 1}[code == r.code] {
					t.Errorf("%d %s warnings:\n%s", got, code, text)
				}
			}
			if r.text != "" && !strings.Contains(text, r.text) {
				t.Errorf("want %q in:\n%s", r.text, text)
			}
		})
	}
}

// TestPrivateArrayWarnings: Note [private arrays in the warnings]. want is
// the warning's text ("" for none).
func TestPrivateArrayWarnings(t *testing.T) {
	decls := "real :: a(n), b(n), c(1)\nreal :: v(3)"
	rows := []struct{ name, body, want string }{
		{"element set under an if", "do concurrent (i = 1:n)\n  v(1) = 0\n  if (a(i) > 0) v(2) = a(i)\n  b(i) = v(1) + v(2)\nend do",
			`t.f90:12:17: warning: "v(2)" may be used before it is set [maybe-used-before-set]`},
		{"element never set", "do concurrent (i = 1:n)\n  v(1) = a(i)\n  b(i) = v(1) + v(3)\nend do",
			`t.f90:11:17: warning: "v(3)" is used before it is set [used-before-set]`},
		{"set in both branches", "do concurrent (i = 1:n)\n  if (a(i) > 0) then\n    v(2) = a(i)\n  else\n    v(2) = 0\n  end if\n  b(i) = v(2)\nend do", ""},
		{"set by a loop", "do concurrent (i = 1:n)\n  do j = 1, 3\n    v(j) = a(i)*j\n  end do\n  b(i) = v(1) + v(3)\nend do", ""},
		{"set as a whole", "do concurrent (i = 1:n)\n  v = 0.0\n  b(i) = v(1) + a(i)\nend do", ""},
		{"set as a section", "do concurrent (i = 1:n)\n  v(:) = a(i)\n  b(i) = v(3)\nend do", ""},
		{"set element by element, read by a variable", "do concurrent (i = 1:n)\n  v(1) = 1\n  v(2) = 2\n  v(3) = 3\n  do j = 1, 3\n    b(i) = b(i) + v(j)\n  end do\nend do", ""},
		// Note [local arrays shared across nests]: a nest that reads v
		// first shares it with the nest before, which set it; one that
		// sets an element first keeps its own copy.
		{"an earlier nest's values reach a nest that reads first", "do concurrent (i = 1:n)\n  v = 0.0\n  b(i) = v(1)\nend do\ndo concurrent (i = 1:n)\n  b(i) = v(2)\n  v(2) = 1.0\nend do", ""},
		{"a nest that sets an element first keeps its own copy", "do concurrent (i = 1:n)\n  v = 0.0\n  b(i) = v(1)\nend do\ndo concurrent (i = 1:n)\n  v(1) = 1.0\n  b(i) = v(2)\nend do",
			`t.f90:15:10: warning: "v(2)" is used before it is set [used-before-set]`},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			_, list, text := checkSrc(t, loopKern(decls, r.body))
			if list.HasErrors() {
				t.Fatalf("errors:\n%s", text)
			}
			if r.want == "" && strings.Contains(text, "before it is set") {
				t.Errorf("a false warning:\n%s", text)
			}
			if r.want != "" && !strings.Contains(text, r.want) {
				t.Errorf("want %q in:\n%s", r.want, text)
			}
		})
	}
}

// TestOutOfBounds: Note [accesses that leave the array]. want is the
// warning's text ("" for none).
func TestOutOfBounds(t *testing.T) {
	rows := []struct{ name, decls, body, want string }{
		{"a(i-1) at i = 1", "real :: a(n), b(n), c(1)", "do concurrent (i = 1:n)\n  b(i) = a(i-1)\nend do",
			`t.f90:9:10: warning: a(i - 1) leaves array "a", declared a(1:n): in dimension 1 the subscript i - 1 reaches 0, below the lower bound 1, whenever the loop runs [out-of-bounds]`},
		{"past the upper bound", "real :: a(0:n), b(n), c(1)", "!$omp parallel do\ndo i = 1, n\n  b(i) = a(i+1)\nend do",
			`in dimension 1 the subscript i + 1 reaches n + 1, above the upper bound n`},
		{"second dimension in a sequential loop", "real :: a(n, m), b(n), c(1)", "do concurrent (i = 1:n)\n  do j = 1, m\n    b(i) = b(i) + a(i, j+1)\n  end do\nend do",
			`a(i, j + 1) leaves array "a", declared a(1:n, 1:m): in dimension 2`},
		{"a write", "real :: a(n), b(n), c(1)", "do concurrent (i = 1:n)\n  b(i+1) = a(i)\nend do", `b(i + 1) leaves array "b"`},
		{"a private array", "real :: a(n), b(n), c(1)\nreal :: v(3)", "do concurrent (i = 1:n)\n  do j = 1, 4\n    v(j) = a(i)\n  end do\n  b(i) = v(1)\nend do",
			`v(j) leaves array "v", declared v(1:3): in dimension 1 the subscript j reaches 4, above the upper bound 3`},
		{"an element assignment", "real :: a(n), b(n), c(1)", "b(0) = 1.0", `b(0) leaves array "b", declared b(1:n): in dimension 1 the subscript 0 is below the lower bound 1`},
		// no warning
		{"stencil in range", "real :: a(n), b(n), c(1)", "do concurrent (i = 2:n-1)\n  b(i) = a(i-1) + a(i+1)\nend do", ""},
		{"halo", "real :: a(0:n+1), b(n), c(1)", "do concurrent (i = 1:n)\n  b(i) = a(i-1) + a(i+1)\nend do", ""},
		{"guarded", "real :: a(n), b(n), c(1)", "do concurrent (i = 1:n)\n  b(i) = 0\n  if (i > 1) b(i) = a(i-1)\nend do", ""},
		{"other sizes", "real :: a(m), b(n), c(1)", "do concurrent (i = 1:n)\n  b(i) = a(i)\nend do", ""},
		{"sequential loop of variable bounds", "real :: a(n), b(n), c(1)", "do concurrent (i = 1:n)\n  do j = 1, i\n    b(i) = a(j)\n  end do\nend do", ""},
		{"gather", "real :: a(n), b(n)\ninteger :: c(n)", "do concurrent (i = 1:n)\n  b(i) = a(c(i) - 1)\nend do", ""},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) {
			_, list, text := checkSrc(t, loopKern(r.decls, r.body))
			if list.HasErrors() {
				t.Fatalf("errors:\n%s", text)
			}
			if got := strings.Count(text, "[out-of-bounds]"); got != map[bool]int{true: 1}[r.want != ""] {
				t.Errorf("%d out-of-bounds warnings:\n%s", got, text)
			}
			if r.want != "" && !strings.Contains(text, r.want) {
				t.Errorf("want %q in:\n%s", r.want, text)
			}
		})
	}
}
