! F drops its argument after expanding it, so A8 costs 10^9 uses of E and
! expands to nothing.
#define F(x)
#define E
#define A0 F(E E E E E E E E E E)
#define A1 F(A0 A0 A0 A0 A0 A0 A0 A0 A0 A0)
#define A2 F(A1 A1 A1 A1 A1 A1 A1 A1 A1 A1)
#define A3 F(A2 A2 A2 A2 A2 A2 A2 A2 A2 A2)
#define A4 F(A3 A3 A3 A3 A3 A3 A3 A3 A3 A3)
#define A5 F(A4 A4 A4 A4 A4 A4 A4 A4 A4 A4)
#define A6 F(A5 A5 A5 A5 A5 A5 A5 A5 A5 A5)
#define A7 F(A6 A6 A6 A6 A6 A6 A6 A6 A6 A6)
#define A8 F(A7 A7 A7 A7 A7 A7 A7 A7 A7 A7)
subroutine k(a, b)
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a A8  ! ERROR:9 [cpp-expansion-work] "macro expansion takes more than 134217728 steps"
end subroutine k
