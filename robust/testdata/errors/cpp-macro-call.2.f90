#define SQ(x) ((x)*(x))
subroutine k(a, b)
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = SQ(a  ! ERROR [cpp-macro-call] "argument list is not closed on this line"
end subroutine k
