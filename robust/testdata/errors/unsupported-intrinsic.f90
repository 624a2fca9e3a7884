subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = fraction(a)  ! ERROR [unsupported-intrinsic] "function \"fraction\" is not supported by forocl"
end subroutine k
