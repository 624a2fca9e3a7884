#if 1
#else
#else
!^ ERROR [cpp-conditional-unbalanced] "#else after #else"
#endif
#endif
!^ ERROR [cpp-conditional-unbalanced] "#endif without #if"
subroutine k(a, b)
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
end subroutine k
