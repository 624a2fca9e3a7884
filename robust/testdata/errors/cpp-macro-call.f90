#define SQ(x) ((x)*(x))
subroutine k(a, b)
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = SQ(a, a)  ! ERROR:7 [cpp-macro-call] "macro \"SQ\" takes 1 arguments, but 2 were given"
end subroutine k
