subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a*1.0d0_8  ! ERROR [d-exponent-kind] "a real literal with a \"d\" exponent cannot have"
end subroutine k
