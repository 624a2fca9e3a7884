#defne N 4
!^ ERROR [cpp-directive-unknown] "unknown preprocessor directive \"#defne\""
subroutine k(a, b)
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
