subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  type(point) :: p  ! ERROR [unsupported-derived-type] "type(point) is not defined in the given files"
  b = a
end subroutine k
