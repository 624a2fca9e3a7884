subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a $ 2.0  ! ERROR [invalid-character] "invalid character \"$\""
end subroutine k
