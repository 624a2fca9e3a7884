subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, dimension() :: c  ! ERROR [syntax-malformed-dimension] "malformed dimension(...) attribute"
  b = a
end subroutine k
