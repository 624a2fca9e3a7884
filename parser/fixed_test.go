package parser

import (
	"strings"
	"testing"

	"github.com/forocl/forocl/diag"
)

// A fixed-form file reads as the free-form file it stands for: comment
// lines in column 1, a label, continuations in column 6 (any character
// but blank and "0", and the tab form), text after column 72 dropped, a
// string continued over a card, and an !$OFP directive spelt C$OFP.
func TestFixedFormLikeFreeForm(t *testing.T) {
	fixed := strings.Join([]string{
		"C     A fixed-form module",
		"c     lower-case comment",
		"*     star comment",
		"d     debug line, a comment",
		"",
		"      MODULE M",
		"      CONTAINS",
		"C$OFP PURE, KERNEL :: K",
		"      PURE SUBROUTINE K(A, B)",
		"      REAL, DIMENSION(:), CONTIGUOUS, INTENT(IN)  :: A",
		"      REAL, DIMENSION(:), CONTIGUOUS, INTENT(OUT) :: B",
		"! a modern comment between the lines of a statement",
		"      B = A *                                                           00000010",
		"     &    2.0 +",
		"! another",
		"     $    1.0 ! trailing comment",
		"     9  + A",
		"\t1 + A",
		"   10 CONTINUE",
		"      END SUBROUTINE K",
		"      END MODULE M",
	}, "\n")
	free := `module m
contains
!$OFP PURE, KERNEL :: K
pure subroutine k(a, b)
real, dimension(:), contiguous, intent(in)  :: a
real, dimension(:), contiguous, intent(out) :: b
b = a * 2.0 + 1.0 + a + a
10 CONTINUE
end subroutine k
end module m
`
	for _, name := range []string{"k.f", "k.for", "K.FOR", "k.ftn"} {
		got := astText(parseAs(t, name, fixed, Options{}))
		if want := astText(parseAs(t, "k.f90", free, Options{})); got != want {
			t.Errorf("%s: got:\n%s\nwant:\n%s", name, got, want)
		}
	}
	// -ffixed-form reads a .f90 file as fixed form.
	if got, want := astText(parseAs(t, "k.f90", fixed, Options{Form: FormFixed})), astText(parseAs(t, "k.f90", free, Options{})); got != want {
		t.Errorf("FormFixed: got:\n%s\nwant:\n%s", got, want)
	}
}

// Carets point at the column of the original line, on continuation lines
// too; -ffree-form reads a .f file as free form.
func TestFixedFormPositions(t *testing.T) {
	src := "      SUBROUTINE K(X)\n      X = 1.0 +\n     +    2.0 $ 3.0\n      END\n"
	_, d, _ := ParseFile("k.f", []byte(src), Options{})
	got := d.String(diag.Sources{"k.f": []byte(src)})
	want := `k.f:3:15: error: invalid character "$" [invalid-character]
    3 |      +    2.0 $ 3.0
      |               ^
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if _, d, _ := ParseFile("k.f", []byte("* comment\n"), Options{Form: FormFree}); !d.HasErrors() {
		t.Error(`FormFree: a "*" comment line parsed without errors`)
	}
}

// A continued string keeps its text; a continued statement ends the
// string's card with the text up to column 72.
func TestFixedFormString(t *testing.T) {
	src := "      SUBROUTINE K(X)\n      X = 'AB\n     &CD'\n      END\n"
	f := parseAs(t, "k.f", src, Options{})
	if got := astText(f); !strings.Contains(got, `"ABCD"`) {
		t.Errorf("got:\n%s", got)
	}
}

// Preprocessed fixed form (.F): directives first, then the columns.
func TestFixedFormPreprocessed(t *testing.T) {
	src := "#define TWO 2.0\n      SUBROUTINE K(X)\n#ifdef TWO\n      X = TWO *\n     &    X\n#endif\nC     TWO(\n      END\n"
	got := astText(parseAs(t, "k.F", src, Options{}))
	want := astText(parseAs(t, "k.f90", "subroutine k(x)\nx = 2.0 * x\nend\n", Options{}))
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// Text that a macro pushes past column 72 is reported (gfortran drops it
// silently); sequence numbers in columns 73-80 are not.
func TestFixedFormTruncation(t *testing.T) {
	long := "#define LONG (1.0 + 2.0 + 3.0 + 4.0 + 5.0 + 6.0)\n      SUBROUTINE K(X)\n      X = LONG + LONG + LONG                                          \n      END\n"
	_, d, _ := ParseFile("k.F", []byte(long), Options{})
	if len(d.Items) != 1 || d.Items[0].Code != codeFixedFormTruncated || d.Items[0].Span.Start.Line != 3 {
		t.Errorf("macro past column 72: %v", d.Items)
	}
	seq := "      SUBROUTINE K(X)                                                   SEQ00010\n      END                                                               SEQ00020\n"
	if _, d, _ := ParseFile("k.f", []byte(seq), Options{}); len(d.Items) != 0 {
		t.Errorf("sequence numbers: %v", d.Items)
	}
}
