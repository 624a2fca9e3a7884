subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real(kind=16) :: q  ! ERROR [unsupported-kind] "real kind 16 is not supported"
  b = a
end subroutine k
