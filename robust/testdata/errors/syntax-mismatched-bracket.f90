subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = (a + 1.0]  ! ERROR [syntax-mismatched-bracket] "expected \")\", found \"]\""
end subroutine k
