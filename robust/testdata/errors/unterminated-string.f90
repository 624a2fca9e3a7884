subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
  print *, 'done  ! ERROR [unterminated-string] "unterminated string"
end subroutine k
