#line here "k.f90"
!^ ERROR:7 [cpp-directive-malformed] "#line needs a line number and an optional \"file\" name, not \"here \\\"k.f90\\\"\""
subroutine k(a, b)
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
