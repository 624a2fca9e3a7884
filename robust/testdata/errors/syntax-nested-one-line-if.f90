subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  if (a(1) > 0.0) if (a(2) > 0.0) b = a  ! ERROR [syntax-nested-one-line-if] "a one-line \"if\" cannot contain another one-line"
end subroutine k
