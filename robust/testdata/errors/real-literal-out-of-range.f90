subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a * 1.0e999  ! ERROR [real-literal-out-of-range] "real literal 1.0e999 is out of range"
end subroutine k
