#if N > (2
!^ ERROR:5 [cpp-if-expression] "bad #if expression \"N > (2\": expected \")\""
#endif
#if 4 / (N - N)
!^ ERROR [cpp-if-expression] "division by zero"
#endif
subroutine k(a, b)
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
