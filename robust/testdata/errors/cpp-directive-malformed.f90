#define SQ(x y) ((x)*(y))
!^ ERROR [cpp-directive-malformed] "parameter \"x y\" of macro \"SQ\" is not a name"
subroutine k(a, b)
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
