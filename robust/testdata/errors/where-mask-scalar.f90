subroutine k(s, a, b)
!$OFP PURE, KERNEL :: k
  real, intent(in) :: s
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  where (s > 0.0) b = a  ! ERROR [where-mask-scalar] "where mask is a scalar"
end subroutine k
