subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a > 0.0  ! ERROR [logical-number-conversion] "cannot assign a logical value to real(4) \"b\""
end subroutine k
