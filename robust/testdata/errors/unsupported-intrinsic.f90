subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = cshift(a, 1)  ! ERROR [unsupported-intrinsic] "function \"cshift\" is not supported by forocl"
end subroutine k
