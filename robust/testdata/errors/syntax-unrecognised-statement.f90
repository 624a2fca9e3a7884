subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a
  + b  ! ERROR [syntax-unrecognised-statement] "unrecognised statement"
end subroutine k
