package parser

import "testing"

// A labelled DO is the same AST as the block DO it stands for (Note
// [labelled DO]): shared endings, an ending assignment or logical IF, a
// labelled END DO, "do 30, i", and labels with leading zeros; in free and
// in fixed form.
func TestLabelledDoIsBlockDo(t *testing.T) {
	want := `subroutine s(n, a, b)
  do j = 1, n
    do i = 1, n
      a(i, j) = 0
    end do
  end do
  do i = 1, n
    do k = 1, 2
      b(i) = b(i) + k
    end do
    if (b(i) > 3) b(i) = 3
  end do
  do i = 1, n
  end do
end subroutine
`
	free := `subroutine s(n, a, b)
  do 10 j = 1, n
  do 10 i = 1, n
    a(i, j) = 0
10 continue
  do 5 i = 1, n
    do 020 k = 1, 2
20  b(i) = b(i) + k
05 if (b(i) > 3) b(i) = 3
  do 30, i = 1, n
30 end do
end subroutine
`
	fixed := "      SUBROUTINE S(N, A, B)\n      DO 10 J = 1, N\n      DO 10 I = 1, N\n      A(I, J) = 0\n" +
		"   10 CONTINUE\n      DO 5 I = 1, N\n      DO 020 K = 1, 2\n   20 B(I) = B(I) + K\n" +
		"    5 IF (B(I) .GT. 3) B(I) = 3\n      DO 30, I = 1, N\n   30 END DO\n      END\n"
	exp := astText(parseAs(t, "want.f90", want, Options{}))
	for name, src := range map[string]string{"free.f90": free, "fixed.f": fixed} {
		if got := astText(parseAs(t, name, src, Options{})); got != exp {
			t.Errorf("%s: got:\n%s\nwant:\n%s", name, got, exp)
		}
	}
}
