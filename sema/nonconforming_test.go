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
