#ifdef FAST
!^ ERROR:1 [cpp-conditional-unbalanced] "#if without #endif"
subroutine k(a, b)
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
