subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = merge(a, .false., a > 0.0)  ! ERROR [merge-types] "arguments of \"merge\" are real(4) and logical"
end subroutine k
