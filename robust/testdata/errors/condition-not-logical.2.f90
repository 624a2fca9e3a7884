subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  where (a) b = a  ! ERROR [condition-not-logical] "where mask is real(4), expected logical"
end subroutine k
