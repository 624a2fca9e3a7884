subroutine k(s, a, b)
!$OFP PURE, KERNEL :: k
  real, intent(in) :: s
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real :: c
  where (a > 0.0)
    c = 1.0  ! ERROR [where-non-array-assignment] "only array assignments may appear in a where"
    b = a
  end where
end subroutine k
